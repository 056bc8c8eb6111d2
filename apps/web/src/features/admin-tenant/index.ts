export { default as TenantAdminPage } from './tenant-admin-page';
