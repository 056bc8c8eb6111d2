import { registerLocales } from '../../i18n/register';
import enUS from './locales/en-US';
import zhCN from './locales/zh-CN';
import ReportPage from './report-page';

/** The period reports page (/onlyReport, issue 15). */
export { ReportPage };

// this feature's texts travel in its chunk, not the initial route (app/locales.ts PAGE_LOCALE_FEATURES)
registerLocales('report', { 'zh-CN': zhCN, 'en-US': enUS });
