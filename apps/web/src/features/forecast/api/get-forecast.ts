import { FORECAST_API, type Forecast, type ForecastQuery } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST /eem-service/v1/forecast/predict: next 24 h, 7 days and the month of a node, with the month-end projection. */
export async function fetchForecast(body: ForecastQuery): Promise<Forecast> {
  return (await http.post<Forecast>(FORECAST_API.predict, body)).data;
}

export const forecastQuery = defineQuery(['forecast', 'predict'], (body: ForecastQuery) => ({ key: [body], queryFn: () => fetchForecast(body) }));
