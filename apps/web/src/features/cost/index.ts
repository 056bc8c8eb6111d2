import type { ComponentType } from 'react';
import { BasicFeePage } from './basic-fee-page';
import { EnergyFeePage } from './energy-fee-page';
import { PowerFactorPage } from './power-factor-page';
import { CostSummaryPage } from './summary-page';

/** The cost pages by route key (issue 5, DOMAIN §3–4). */
export const COST_ROUTE_PAGES: Record<'energyCostAnalysis' | 'dudianEnergyFee' | 'baseEnergyFee' | 'litiaoEnergyFee', ComponentType> = {
  energyCostAnalysis: CostSummaryPage,
  dudianEnergyFee: EnergyFeePage,
  baseEnergyFee: BasicFeePage,
  litiaoEnergyFee: PowerFactorPage,
};
