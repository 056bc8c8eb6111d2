export { NoPermissionPage } from './no-permission-page';
