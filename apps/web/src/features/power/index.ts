import type { ComponentType } from 'react';
import AnalysisPage from './analysis-page';
import BusbarPage from './busbar-page';
import EfficiencyPage from './efficiency-page';
import OverviewPage from './overview-page';

/** The busbar and transformer pages by route key (issue 5, DOMAIN §5 and §9; transformer efficiency: issue 14). */
export const POWER_ROUTE_PAGES: Record<'generatrixMonitor' | 'powertransformerOverview' | 'powertransformerAnalysis' | 'transformerEnergyEfficiency', ComponentType> = {
  generatrixMonitor: BusbarPage,
  powertransformerOverview: OverviewPage,
  powertransformerAnalysis: AnalysisPage,
  transformerEnergyEfficiency: EfficiencyPage,
};
