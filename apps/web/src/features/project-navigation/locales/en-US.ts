import type zh from './zh-CN';

const projectNavigation: typeof zh = {
  title: 'Project navigation',
  count: '$0 projects',
  search: 'Search by project name',
  enter: 'Enter',
  empty: 'No projects you can access',
  capacity: 'Capacity',
  area: 'Area',
  timezone: 'Time zone',
  industry: 'Industry',
};

export default projectNavigation;
