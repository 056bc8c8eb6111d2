export { default as UserGroupAdminPage } from './usergroup-admin-page';
