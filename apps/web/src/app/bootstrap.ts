import dayjs from 'dayjs';
import type { Locale } from 'antd/es/locale';
import { needsFullReload } from '@ems/domain';
import { initI18n } from '../i18n';
import { loadSystemConfig } from '../lib/config';
import { endSsoSessionAndLeave } from '../lib/auth';
import { setSessionEnder } from '../lib/http/client';
import { restoreSession } from '../lib/session';
import { captureSsoReturn, ssoEnabled } from '../lib/sso';
import { getLanguage, getTheme, setTokenStorage, type Language, type Theme } from '../lib/storage';
import { AREA_LOCALES } from './locales';

export interface StartState {
  theme: Theme;
  language: Language;
  antdLocale: Locale;
  /** a static file that failed to load (shown once the app is up) */
  configError?: string;
}

async function loadTheme(): Promise<Theme> {
  // the ECharts themes are registered with ECharts itself, when the first chart loads (widgets/echart)
  return getTheme();
}

/** Language: i18next resources, the antd locale and the dayjs locale. */
async function loadLanguage(language: Language): Promise<Locale> {
  const [antd] = await Promise.all([
    language === 'en' ? import('antd/es/locale/en_US') : import('antd/es/locale/zh_CN'),
    language === 'en' ? import('dayjs/locale/en') : import('dayjs/locale/zh-cn'),
    initI18n(language, AREA_LOCALES),
  ]);
  dayjs.locale(language === 'en' ? 'en' : 'zh-cn');
  return antd.default;
}

/**
 * Start-up (spec section 4): the system configuration file, then theme and language in
 * parallel, then the main app.
 */
export async function bootstrap(): Promise<StartState> {
  captureSsoReturn();
  const { config, error } = await loadSystemConfig();
  setTokenStorage(config.tokenStorage === 'local' ? 'local' : 'session');
  restoreSession();
  // under single sign-on a session the server ends goes to the provider's logout (spec section 4)
  void ssoEnabled().then((on) => on && setSessionEnder(() => void endSsoSessionAndLeave()));
  const language = getLanguage(config.internationalization);
  const [theme, antdLocale] = await Promise.all([loadTheme(), loadLanguage(language)]);
  watchAdminBoundary();
  return { theme, language, antdLocale, configError: error };
}

function hashPath(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0] || '/';
}

/** Routing between /admin and non-/admin hash paths forces a full page reload. */
function watchAdminBoundary(): void {
  let last = hashPath(window.location.hash);
  window.addEventListener('hashchange', () => {
    const next = hashPath(window.location.hash);
    const reload = needsFullReload(last, next);
    last = next;
    if (reload) window.location.reload();
  });
}
