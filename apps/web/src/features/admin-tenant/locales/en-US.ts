import type zh from './zh-CN';

const adminTenant: typeof zh = {
  name: 'Tenant name',
  enName: 'English name',
  status: 'Status',
  enabled: 'Enabled',
  disabled: 'Disabled',
  createTime: 'Created',
  projectCount: 'Projects',
  userCount: 'Users',
  createTitle: 'New tenant',
  renameTitle: 'Edit tenant',
  rename: 'Edit',
  enable: 'Enable',
  disable: 'Disable',
  disableConfirm: 'Disable tenant "{{name}}"? Its users can no longer sign in, and their open sessions end now.',
  enableConfirm: 'Enable tenant "{{name}}"?',
  operatorTenant: "The platform operator's tenant cannot be disabled",
  projects: 'Projects',
  members: 'Members',
  noProjects: 'This tenant has no project yet',
  addProject: 'New project',
  projectName: 'Project name',
  capacityKva: 'Capacity (kVA)',
  via: { platform: 'platform user', assigned: 'assigned' },
  search: 'Search tenants',
  serviceProviderNote: 'Service providers (one tenant looking after several tenants’ projects) are not available yet.',
};

export default adminTenant;
