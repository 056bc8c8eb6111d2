export { default as FileAdminPage } from './file-admin-page';
