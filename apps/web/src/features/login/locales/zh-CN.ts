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
  ssoRedirecting: '正在前往统一身份认证…',
  ssoCompleting: '正在完成单点登录…',
  ssoSignIn: '单点登录',
  ssoSignedOut: '您已退出登录。',
  ssoProviderError: '身份提供方未完成登录：{{error}}',
  usePassword: '使用账号密码登录',
};

export default login;
