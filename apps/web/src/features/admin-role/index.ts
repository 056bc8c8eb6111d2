export { default as RolePage } from './role-page';
export { default as PermissionPage } from './permission-page';
