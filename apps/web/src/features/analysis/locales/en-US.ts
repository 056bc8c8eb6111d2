import type zh from './zh-CN';

const analysis: typeof zh = {
  pages: {
    energyConsumption: 'Energy consumption',
  },
  tree: 'Nodes',
  energyType: 'Energy type',
  grain: { label: 'Buckets', auto: 'Auto', hour: 'Hour', day: 'Day', month: 'Month', tooLong: 'Only for ranges up to {{days}} days' },
  kpi: {
    total: 'Consumption',
    tce: 'Standard coal',
    co2: 'CO₂',
    yoy: 'YoY',
    mom: 'MoM',
    compared: 'YoY and MoM compare like for like up to {{until}}',
    purchasedOnly: 'purchased energy only',
    partialReference: 'The reference period is incomplete: it holds {{pct}}% of the intervals compared, so the change overstates',
  },
  chart: {
    bars: 'Consumption per period',
    total: 'Consumption',
    lastYear: 'Same period last year',
    other: 'Other',
    byNode: 'By child node',
    byTou: 'By time-of-use period',
    touBars: 'Electricity by time-of-use period ({{scheme}})',
  },
  tou: { sharp: 'Sharp', peak: 'Peak', flat: 'Flat', valley: 'Valley', deepValley: 'Deep valley', unclassified: 'No period' },
  ranking: {
    title: 'Ranking of child nodes',
    empty: 'No child node consumption',
    unassigned: 'Metered at this node',
    noMeter: 'no meter',
  },
  table: {
    title: 'Child nodes',
    export: 'Export',
    total: 'Total',
  },
  col: {
    name: 'Node',
    value: 'Consumption',
    yoy: 'YoY',
    mom: 'MoM',
    share: 'Share',
    intensity: 'Per m²',
    quality: 'Data quality',
    output: 'Output',
    outputIntensity: 'Per unit of output',
  },
  intensity: {
    title: 'Consumption per m²',
    area: 'Area',
    noArea: 'No area is set for this node',
    perOutput: 'Consumption per unit of output',
    output: 'Output',
  },
  noMeters: 'No meters of this energy type under the node',
  loadFailed: 'The consumption could not be loaded',
  meters: 'meters summed: {{count}}',
};

export default analysis;
