import type zh from './zh-CN';

const home: typeof zh = {
  platform: {
    projectCount: 'Projects',
    totalCapacity: 'Installed capacity',
    totalArea: 'Total area',
    projects: 'My projects',
    enter: 'Enter project',
    empty: 'No projects you can access',
  },
  project: {
    info: 'Project information',
    nodes: 'Nodes',
    userCount: 'Users with access',
    noProject: 'No project selected',
  },
  dashboard: {
    today: 'Today',
    month: 'This month',
    yoy: 'YoY',
    mom: 'MoM',
    load: 'Present total load',
    readingTime: 'Reading time',
    carbon: 'Standard coal and CO₂ this month',
    tce: 'Standard coal',
    co2: 'CO₂',
    completeness: 'Data completeness this month',
    completenessDetail: '{{good}} good of {{expected}} expected 15-min intervals ({{meters}} meters)',
    topConsumers: 'Top 5 electricity sub-meters this month',
    monthKwh: 'This month',
    noConsumers: 'No sub-meter electricity data yet',
    seeding: 'History is still arriving… {{progress}}%; year-on-year and period-on-period may be incomplete until it is done',
    footnote: 'Consumption sums the top-level meters (no parent meter) of each energy type; YoY and MoM compare like for like up to {{until}} today; standard coal and CO₂ use the default factors. Refreshed every 15 s.',
    loadFailed: 'The dashboard could not be loaded',
  },
  field: {
    name: 'Project name',
    code: 'Project code',
    address: 'Address',
    capacityKva: 'Capacity (kVA)',
    areaM2: 'Area (m²)',
    timezone: 'Time zone',
    industry: 'Industry',
    createTime: 'Created',
    location: 'Latitude, longitude',
  },
};

export default home;
