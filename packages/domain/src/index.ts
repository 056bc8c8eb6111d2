// Widgets' pure rules (owned with apps/web/src/widgets)
export * from './date-range.js';
export * from './number-format.js';
export * from './validators.js';
// Frame rules (owned with apps/web/src/frame and app)
export * from './permissions.js';
export * from './home-page.js';
export * from './module.js';
export * from './tabs.js';
// Measurement rules (issue 3)
export * from './counters.js';
export * from './time-zone.js';
export * from './trend.js';
export * from './downsample.js';
export * from './comparison.js';
export * from './natural-gas.js';
// Notification rules (issue 4; owned with apps/web/src/frame/notifications)
export * from './notifications.js';
export * from './event-kinds.js';
// Energy analysis and cost rules (issue 5)
export * from './money.js';
export * from './tariff.js';
export * from './power-factor.js';
export * from './balance.js';
export * from './demand.js';
export * from './forecast.js';
export * from './forecast-backtest.js';
export * from './power-quality.js';
export * from './transformer.js';
export * from './transformer-grades.js';
export * from './transformer-advice.js';
// Efficiency grade standards as data (issue 14)
export * from './efficiency-standards.js';
export * from './transformer-cost.js';
export * from './hazard.js';
export * from './forecast-series.js';
export * from './energy-flow.js';
export * from './energy-flow-layout.js';
export * from './forecast-models.js';
export * from './forecast-regular-days.js';
export * from './pq-aggregate.js';
export * from './monitor-reading.js';
export * from './consumption-partition.js';
export * from './balance-coverage.js';
// Compressed-air station efficiency (issue 14)
export * from './compressor-efficiency.js';
// Chiller-plant efficiency (issue 14)
export * from './chiller-efficiency.js';
export * from './psychrometrics.js';
// Boiler efficiency (issue 14)
export * from './steam-properties.js';
export * from './boiler-efficiency.js';
// Equipment states (issue 14)
export * from './equipment-state.js';
// Abnormal-consumption diagnosis and waste (issue 15)
export * from './abnormal-consumption.js';
export * from './abnormal-consumption-regression.js';
export * from './linear-regression.js';
// Period reports (issue 15)
export * from './report.js';
// Analysis bucket grains (issue 16)
export * from './analysis-grain.js';
