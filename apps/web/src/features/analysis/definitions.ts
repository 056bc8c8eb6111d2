import type { DateRangeType } from '@ems/domain';

/** The routes that share the generic analysis page (spec section 2); more are added as definitions, not pages. */
export type AnalysisRouteKey = 'energyConsumption';

/** The API a page reads its figures from (a key of the metric registry in api/metrics.ts). */
export type AnalysisMetric = 'consumption';

/** KPI cards in the order they show. */
export type AnalysisKpiName = 'total' | 'tce' | 'co2' | 'yoy' | 'mom';

/** Table columns in the order they show; 'output' and 'outputIntensity' only when the node has output counters. */
export type AnalysisColumnName = 'name' | 'value' | 'yoy' | 'mom' | 'share' | 'intensity' | 'output' | 'outputIntensity' | 'quality';

/** Optional panel under the charts (a key of the panel registry in components/extra-panels.tsx). */
export type AnalysisExtraPanel = 'intensity';

/** What a route's analysis page shows: data only; the generic page never branches on the key. */
export interface AnalysisPageDefinition {
  key: AnalysisRouteKey;
  /** i18n key in the 'analysis' namespace */
  titleKey: string;
  metric: AnalysisMetric;
  /** what the left tree picks: nodes of the project's model */
  dimension: 'node';
  /** the date-range selector's initial type (spec: month) */
  defaultDateType: DateRangeType;
  /** bars per bucket: stacked by child node, or one bar of the node's total */
  chart: 'stackedBar' | 'bar';
  /** the same buckets a year earlier as a line over the bars */
  lastYearLine: boolean;
  kpis: readonly AnalysisKpiName[];
  columns: readonly AnalysisColumnName[];
  extraPanel?: AnalysisExtraPanel;
}

const energyConsumption: AnalysisPageDefinition = {
  key: 'energyConsumption',
  titleKey: 'pages.energyConsumption',
  metric: 'consumption',
  dimension: 'node',
  defaultDateType: 3,
  chart: 'stackedBar',
  lastYearLine: true,
  kpis: ['total', 'tce', 'co2', 'yoy', 'mom'],
  columns: ['name', 'value', 'yoy', 'mom', 'share', 'intensity', 'output', 'outputIntensity', 'quality'],
  extraPanel: 'intensity',
};

export const ANALYSIS_PAGES: Record<AnalysisRouteKey, AnalysisPageDefinition> = { energyConsumption };
export const ANALYSIS_ROUTE_KEYS = Object.keys(ANALYSIS_PAGES) as AnalysisRouteKey[];
