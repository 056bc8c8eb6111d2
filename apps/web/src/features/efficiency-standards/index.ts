export { EfficiencyStandardsPanel } from './standards-panel';
export { EfficiencyStandardButton } from './standard-viewer';
