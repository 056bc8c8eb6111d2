export { default as FlowAnalysePage } from './flow-analyse-page';
export { default as FlowDiagramPage } from './flow-diagram-page';
