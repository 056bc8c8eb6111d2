/** Equipment trend analysis texts (namespace 'equipment-trend'). */
const equipmentTrend = {
  tree: '模型树',
  points: '数据点',
  pickDevice: '请在左侧模型树中选择设备',
  noPoints: '该节点暂无数据点读数',
  selected: '已选曲线',
  noneSelected: '请勾选数据点（最多 {{max}} 条曲线）',
  limitReached: '最多选择 {{max}} 条曲线',
  clear: '清空',
  interval: '时间间隔',
  intervalRaw: '原始数据',
  interval900: '15 分钟',
  interval3600: '1 小时',
  interval86400: '1 天',
  truncated: '数据量过大，仅显示前 {{rows}} 条读数',
  chartTitle: '趋势曲线',
  exportName: '设备趋势分析',
};

export default equipmentTrend;
