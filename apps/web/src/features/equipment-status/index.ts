import type { ComponentType } from 'react';
import SchemePage from './scheme-page';
import StateEnergyPage from './state-energy-page';

/** The equipment-status pages by route key (issue 14; spec section 3). */
export const EQUIPMENT_STATUS_PAGES: Record<'deviceRunningStateScheme' | 'deviceStateEnergyConsumption', ComponentType> = {
  deviceRunningStateScheme: SchemePage,
  deviceStateEnergyConsumption: StateEnergyPage,
};
