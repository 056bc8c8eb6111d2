export { default as PlatformHomePage } from './platform-home-page';
export { default as ProjectHomePage } from './project-home-page';
