import { registerLocales } from '../../i18n/register';
import enUS from './locales/en-US';
import zhCN from './locales/zh-CN';
import type { ComponentType } from 'react';
import UseExceptionPage from './use-exception-page';

/** The abnormal-consumption page by route key (issue 15; DOMAIN §10). */
export const ABNORMAL_PAGES: Record<'useException', ComponentType> = {
  useException: UseExceptionPage,
};

// this feature's texts travel in its chunk, not the initial route (app/locales.ts PAGE_LOCALE_FEATURES)
registerLocales('abnormal', { 'zh-CN': zhCN, 'en-US': enUS });
