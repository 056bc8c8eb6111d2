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
  ssoRedirecting: 'Going to the single sign-on provider…',
  ssoCompleting: 'Completing single sign-on…',
  ssoSignIn: 'Sign in with single sign-on',
  ssoSignedOut: 'You have signed out.',
  ssoProviderError: 'The identity provider did not complete the sign-in: {{error}}',
  usePassword: 'Sign in with a user name and password',
};

export default login;
