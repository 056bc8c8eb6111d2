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
    energyLater: 'Consumption, load and cost figures appear once meter data is connected.',
    noProject: 'No project selected',
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
  modelLabel: {
    building: 'Buildings',
    floor: 'Floors',
    room: 'Rooms',
    distributionroom: 'Distribution rooms',
    transformer: 'Transformers',
    meter: 'Meters',
  },
};

export default home;
