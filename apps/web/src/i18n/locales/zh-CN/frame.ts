/** Texts of the frame: menu, breadcrumb, tabs, header and its dialogs (namespace 'frame'). */
const frame = {
  menu: {
    collapse: '收起菜单',
    expand: '展开菜单',
    label: '导航菜单',
  },
  tabs: {
    homePrefix: '首页-',
    close: '关闭',
    closeOthers: '关闭其他',
    cannotDelete: '该项不能被删除！',
    label: '已打开的页面',
  },
  breadcrumb: {
    label: '当前位置',
  },
  header: {
    notifications: '消息通知',
    favourites: '收藏夹',
    settings: '设置',
    userInfo: '用户信息',
    logout: '退出登录',
    returnToPlatform: '返回平台',
    currentProject: '当前项目',
  },
  favourites: {
    title: '我的收藏',
    empty: '暂无收藏',
    add: '收藏当前页面',
    remove: '取消收藏',
    succeeded: '收藏成功',
    confirmCancel: '确认取消收藏？',
    cancelled: '已取消收藏',
  },
  settings: {
    title: '设置',
    theme: '主题',
    light: '浅色',
    dark: '深色',
    language: '语言',
    zh_cn: '中文',
    en: 'English',
    layout: '布局',
    vertical: '纵向',
    horizontal: '横向',
  },
  user: {
    title: '用户信息',
    name: '用户名',
    nicName: '昵称',
    roleName: '角色',
    changePassword: '修改密码',
    oldPassword: '原密码',
    newPassword: '新密码',
    confirmPassword: '确认密码',
    passwordChanged: '密码修改成功，请重新登录',
    mustChangePassword: '您的密码由管理员设置，请先修改密码再继续使用；原密码即管理员给您的密码。',
  },
  logoutConfirm: '确定要退出登录吗？',
};

export default frame;
