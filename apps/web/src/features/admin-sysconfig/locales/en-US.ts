import type zh from './zh-CN';

const adminSysconfig: typeof zh = {
  title: 'System configuration',
  tabConfig: 'Configuration file',
  tabStandards: 'Efficiency standards',
  normal: 'Normal settings',
  advanced: 'Advanced settings',
  advancedNote: 'Advanced settings change how the whole installation behaves; change them with care',
  save: 'Save',
  reset: 'Reset to current',
  saved: 'Saved; reloading the configuration',
  nothingChanged: 'Nothing changed',
  allFunctions: 'Every function (no limit)',
  field: {
    internationalization: 'Language switch (zh/en)',
    projectName: 'System name',
    enProjectName: 'English system name',
    pfHomePage: 'Platform home page',
    tokenStorage: 'Where the sign-in token is kept',
    trendDataUrl: 'Trend data URL',
    powerUserId: 'Power user ID',
    sellCompanyId: 'Electricity retailer ID',
    key: 'Profile (key)',
    isPlatformModel: 'Platform mode',
    authStringent: 'Strict authorisation',
    functions: 'Enabled functions',
  },
  help: {
    pfHomePage: 'A page path starting with /, e.g. /home',
    trendDataUrl: 'Starts with /; leave empty for the server default',
    key: 'Selects the sub-object of that name merged over the top level; oil changes how the user tree loads',
    authStringent: 'When on, ROOT is checked by its roles too',
    functions: 'None selected means every function; pages not selected leave the menu',
  },
  tokenStorage: {
    session: 'Session (ends when the browser closes)',
    local: 'Local (stay signed in)',
  },
  rule: {
    required: 'Enter the {{field}}',
    max: '{{field}}: at most {{max}} characters',
    path: 'Must start with / and hold only letters, digits, _, - and /',
    url: 'Must start with / and hold no spaces',
    key: 'Letters, digits and underscores only',
  },
};

export default adminSysconfig;
