/** Device monitoring texts (namespace 'device-monitor'). */
const deviceMonitor = {
  tree: '模型树',
  devices: '设备',
  online: '在线',
  offline: '离线',
  lastReading: '最新数据时间',
  noReading: '暂无读数',
  noDevices: '该节点下没有设备',
  loadFailed: '实时数据获取失败，5 秒后重试',
  summary: '共 {{total}} 台设备，在线 {{online}} 台',
  refreshEvery: '每 5 秒刷新',
  limit: {
    normal: '正常',
    over: '越上限',
    under: '越下限',
  },
};

export default deviceMonitor;
