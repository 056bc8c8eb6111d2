export { default as AdminSysconfigPage } from './admin-sysconfig-page';
