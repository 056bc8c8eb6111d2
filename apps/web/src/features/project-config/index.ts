export { default as ProjectConfigPage } from './project-config-page';
