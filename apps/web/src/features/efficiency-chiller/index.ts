export { default as ChillerEfficiencyPage } from './chiller-page';
