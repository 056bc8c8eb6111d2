/** Login page texts (namespace 'login'). */
const login = {
  title: '账号登录',
  welcome: '欢迎登录',
  userName: '用户名',
  password: '密码',
  userNameRequired: '请输入用户名',
  passwordRequired: '请输入密码',
  submit: '登录',
  failed: '登录失败',
};

export default login;
