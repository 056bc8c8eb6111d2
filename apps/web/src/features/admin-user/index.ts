export { default as AdminUserPage } from './admin-user-page';
