import { registerLocales } from '../../i18n/register';
import enUS from './locales/en-US';
import zhCN from './locales/zh-CN';
import type { ComponentType } from 'react';
import ReceivePage from './receive-page';
import ServerPage from './server-page';

/** The e-mail pages by route key (issue 15; spec section 3). */
export const EMAIL_PAGES: Record<'emailserverset' | 'emailreceiveset', ComponentType> = {
  emailserverset: ServerPage,
  emailreceiveset: ReceivePage,
};

// this feature's texts travel in its chunk, not the initial route (app/locales.ts PAGE_LOCALE_FEATURES)
registerLocales('email', { 'zh-CN': zhCN, 'en-US': enUS });
