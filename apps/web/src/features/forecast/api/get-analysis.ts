import { FORECAST_API, type ForecastAnalysis, type ForecastAnalysisQuery } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST /eem-service/v1/forecast/analysis: a past range, actual against the day-ahead forecast. */
export async function fetchForecastAnalysis(body: ForecastAnalysisQuery): Promise<ForecastAnalysis> {
  return (await http.post<ForecastAnalysis>(FORECAST_API.analysis, body)).data;
}

export const forecastAnalysisQuery = defineQuery(['forecast', 'analysis'], (body: ForecastAnalysisQuery) => ({ key: [body], queryFn: () => fetchForecastAnalysis(body) }));
