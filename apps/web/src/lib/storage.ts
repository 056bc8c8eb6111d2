/**
 * Local preferences (spec sections 3 and 4). Theme, language and layout changes are saved here and
 * reload the page, so reading them once at start-up is enough.
 */
export type Theme = 'light' | 'dark';
export type Language = 'zh_cn' | 'en';
export type Layout = 'vertical' | 'horizontal';

export const STORAGE_KEYS = {
  theme: 'theme',
  language: 'language',
  layout: 'layout',
  isSidebarCollapse: 'isSidebarCollapse',
  mutedCfg: 'mutedCfg',
  favourites: 'favourites',
  token: 'token',
  userId: 'userId',
  projectId: 'projectId',
  module: 'module',
} as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getTheme(): Theme {
  return read(STORAGE_KEYS.theme) === 'light' ? 'light' : 'dark';
}

export function getLayout(): Layout {
  return read(STORAGE_KEYS.layout) === 'horizontal' ? 'horizontal' : 'vertical';
}

/**
 * Language rule (spec section 4): with internationalization on and nothing stored, a browser
 * language of zh-CN gives zh_cn and anything else en; with it off, always zh_cn.
 */
export function getLanguage(internationalization: boolean, browserLanguage = navigator.language): Language {
  if (!internationalization) return 'zh_cn';
  const stored = read(STORAGE_KEYS.language);
  if (stored === 'zh_cn' || stored === 'en') return stored;
  return browserLanguage === 'zh-CN' ? 'zh_cn' : 'en';
}
