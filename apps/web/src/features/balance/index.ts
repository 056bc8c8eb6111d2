export { default as BalancePage } from './balance-page';
export { default as PipePage } from './pipe-page';
