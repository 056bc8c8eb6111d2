import type zh from './zh-CN';

const projectConfig: typeof zh = {
  createTitle: 'New project',
  editTitle: 'Edit project',
  name: 'Project name',
  enName: 'English name',
  code: 'Project code',
  address: 'Address',
  enAddress: 'English address',
  capacityKva: 'Capacity (kVA)',
  areaM2: 'Area (m²)',
  timezone: 'Time zone',
  latitude: 'Latitude',
  longitude: 'Longitude',
  industry: 'Industry',
  codePattern: 'Letters, digits, underscores and hyphens only',
};

export default projectConfig;
