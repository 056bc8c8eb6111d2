import type zh from './zh-CN';

const noPermission: typeof zh = {
  title: 'No access',
  hint: 'You may not open this page, or no project is selected. Please ask an administrator.',
  home: 'Back to home',
  login: 'Back to login',
};

export default noPermission;
