import type { ComponentType } from 'react';
import UseExceptionPage from './use-exception-page';

/** The abnormal-consumption page by route key (issue 15; DOMAIN §10). */
export const ABNORMAL_PAGES: Record<'useException', ComponentType> = {
  useException: UseExceptionPage,
};
