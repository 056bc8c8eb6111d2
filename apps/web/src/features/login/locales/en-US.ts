import type zh from './zh-CN';

const login: typeof zh = {
  title: 'Sign in',
  welcome: 'Welcome',
  userName: 'User name',
  password: 'Password',
  userNameRequired: 'Please enter the user name',
  passwordRequired: 'Please enter the password',
  submit: 'Log in',
  failed: 'Login failed',
};

export default login;
