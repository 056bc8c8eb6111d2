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
export * from './trend.js';
export * from './downsample.js';
export * from './comparison.js';
// Notification rules (issue 4; owned with apps/web/src/frame/notifications)
export * from './notifications.js';
