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
  backgroundFailing: 'Background passes failing for this project:',
  backgroundFailure: '{{pass}}: {{count}} failures in a row, last error: {{error}}',
  pass: {
    eventChecks: 'timed event checks (offline, balance, efficiency, quota)',
    eventReadings: 'event checks of arriving readings',
    eventHistory: 'event history evaluation',
    pqAggregates: 'power-quality aggregates',
    demoSimulator: 'demo data simulator',
  },
};

export default projectConfig;
