export { default as ProjectNavigationPage } from './project-navigation-page';
