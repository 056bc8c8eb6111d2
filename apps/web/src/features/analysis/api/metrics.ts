import type { ConsumptionAnalysis, ConsumptionQuery } from '@ems/contract';
import type { AnalysisMetric } from '../definitions';
import { exportConsumption } from './export-consumption';
import { consumptionQuery } from './get-consumption';

/** How the generic page reads and exports a metric: one entry per metric of the definitions. */
export interface MetricApi {
  query: typeof consumptionQuery;
  exportTable: (body: ConsumptionQuery) => Promise<string | null>;
}

export const METRICS: Record<AnalysisMetric, MetricApi> = {
  consumption: { query: consumptionQuery, exportTable: exportConsumption },
};

export type AnalysisData = ConsumptionAnalysis;
