import type zh from './zh-CN';

const equipmentTrend: typeof zh = {
  tree: 'Model tree',
  points: 'Data points',
  pickDevice: 'Choose a device in the model tree on the left',
  noPoints: 'This node has no data-point readings',
  selected: 'Selected lines',
  noneSelected: 'Tick data points (up to {{max}} lines)',
  limitReached: 'At most {{max}} lines can be selected',
  clear: 'Clear',
  interval: 'Interval',
  intervalRaw: 'Raw data',
  interval900: '15 min',
  interval3600: '1 hour',
  interval86400: '1 day',
  truncated: 'Too much data: only the first {{rows}} readings are shown',
  chartTitle: 'Trend',
  exportName: 'Equipment trend analysis',
};

export default equipmentTrend;
