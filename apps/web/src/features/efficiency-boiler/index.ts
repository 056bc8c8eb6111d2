import BoilerPage from './boiler-page';

/** The boiler-efficiency page (issue 14, DOMAIN §8). */
export const BoilerEfficiencyPage = BoilerPage;
