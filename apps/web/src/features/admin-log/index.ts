export { default as AdminLogPage } from './admin-log-page';
