export { default as RuleConfigPage } from './rule-config-page';
export { default as AlgorithmConfigPage } from './algorithm-config-page';
