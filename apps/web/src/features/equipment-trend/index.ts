export { default as EquipmentTrendPage } from './equipment-trend-page';
