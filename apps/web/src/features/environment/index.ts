export { default as PlantEnvironmentPage } from './plant-environment-page';
export { default as HazardSourcePage } from './hazard-source-page';
export { default as VideoMonitorPage } from './video-monitor-page';
