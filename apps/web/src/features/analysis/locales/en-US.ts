import type zh from './zh-CN';

const analysis: typeof zh = {
  pages: {
    energyConsumption: 'Energy consumption',
  },
  tree: 'Nodes',
  energyType: 'Energy type',
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
  },
  ranking: {
    title: 'Ranking of child nodes',
    empty: 'No child node consumption',
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
  },
  intensity: {
    title: 'Consumption per m²',
    area: 'Area',
    noArea: 'No area is set for this node',
  },
  noMeters: 'No meters of this energy type under the node',
  loadFailed: 'The consumption could not be loaded',
  meters: 'meters summed: {{count}}',
};

export default analysis;
