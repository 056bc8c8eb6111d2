import type { ComponentType } from 'react';
import ForecastAnalysisPage from './analysis-page';
import PredictPage from './predict-page';

/** The forecast pages by route key (issue 5, DOMAIN §12). */
export const FORECAST_ROUTE_PAGES: Record<'energyPredict' | 'energyPredictionAndAnalysis', ComponentType> = {
  energyPredict: PredictPage,
  energyPredictionAndAnalysis: ForecastAnalysisPage,
};
