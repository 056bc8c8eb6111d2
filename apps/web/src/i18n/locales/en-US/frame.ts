import type zh from '../zh-CN/frame';

const frame: typeof zh = {
  menu: {
    collapse: 'Collapse menu',
    expand: 'Expand menu',
    label: 'Navigation menu',
  },
  tabs: {
    homePrefix: 'home-',
    close: 'close',
    closeOthers: 'close others',
    cannotDelete: 'this item cannot be deleted!',
    label: 'Open pages',
  },
  breadcrumb: {
    label: 'You are here',
  },
  header: {
    notifications: 'Notifications',
    favourites: 'Favourites',
    settings: 'Settings',
    userInfo: 'User info',
    logout: 'Log out',
    returnToPlatform: 'Return to platform',
    currentProject: 'Current project',
  },
  favourites: {
    title: 'My favourites',
    empty: 'No favourites yet',
    add: 'Add this page to favourites',
    remove: 'Remove from favourites',
    succeeded: 'favourite succeeded',
    confirmCancel: 'confirm cancel favourite',
    cancelled: 'Favourite removed',
  },
  settings: {
    title: 'Settings',
    theme: 'Theme',
    light: 'Light',
    dark: 'Dark',
    language: 'Language',
    zh_cn: '中文',
    en: 'English',
    layout: 'Layout',
    vertical: 'Vertical',
    horizontal: 'Horizontal',
  },
  user: {
    title: 'User info',
    name: 'User name',
    nicName: 'Nick name',
    roleName: 'Role',
    changePassword: 'Change password',
    oldPassword: 'Original password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    passwordChanged: 'Password changed, please log in again',
    mustChangePassword: 'Your password was set by an administrator. Choose a new password before you go on; the original password is the one you were given.',
  },
  logoutConfirm: 'Are you sure you want to log out?',
};

export default frame;
