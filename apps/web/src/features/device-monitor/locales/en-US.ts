import type zh from './zh-CN';

const deviceMonitor: typeof zh = {
  tree: 'Model tree',
  devices: 'Devices',
  online: 'Online',
  offline: 'Offline',
  lastReading: 'Last reading',
  noReading: 'No readings yet',
  noDevices: 'No devices under this node',
  loadFailed: 'Live data could not be loaded; retrying in 5 s',
  summary: '{{total}} devices, {{online}} online',
  refreshEvery: 'Refreshed every 5 s',
  limit: {
    normal: 'Normal',
    over: 'Above upper limit',
    under: 'Below lower limit',
  },
};

export default deviceMonitor;
