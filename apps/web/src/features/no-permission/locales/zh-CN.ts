/** No-permission page texts (namespace 'no-permission'). */
const noPermission = {
  title: '没有访问权限',
  hint: '您没有访问该页面的权限，或尚未选择项目，请联系管理员。',
  home: '返回首页',
  login: '返回登录',
};

export default noPermission;
