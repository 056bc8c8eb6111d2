export { default as DeviceMonitorPage } from './device-monitor-page';
