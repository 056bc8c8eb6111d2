export { default as ModelManagePage } from './model-manage-page';
