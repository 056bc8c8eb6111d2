export { LoginIllustration } from './login-illustration';
export { NoAccessIllustration } from './no-access-illustration';
export { NetworkErrorIllustration } from './network-error-illustration';
export { EmptyDataIllustration } from './empty-data-illustration';
export type { IllustrationProps } from './illustration-props';
