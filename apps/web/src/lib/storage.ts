/**
 * Local preferences and session keys (spec sections 3 and 4). Theme, language and layout changes
 * are saved here and reload the page, so reading them once at start-up is enough.
 */
export type Theme = 'light' | 'dark';
export type Language = 'zh_cn' | 'en';
export type Layout = 'vertical' | 'horizontal';
export type TokenStorage = 'session' | 'local';

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

function read(key: string, store: Storage | undefined = safeLocal()): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null, store: Storage | undefined = safeLocal()): void {
  try {
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // storage full or blocked: the preference just is not kept
  }
}

function safeLocal(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

function safeSession(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

export function getTheme(): Theme {
  return read(STORAGE_KEYS.theme) === 'light' ? 'light' : 'dark';
}

export function setTheme(theme: Theme): void {
  write(STORAGE_KEYS.theme, theme);
}

export function getLayout(): Layout {
  return read(STORAGE_KEYS.layout) === 'horizontal' ? 'horizontal' : 'vertical';
}

export function setLayout(layout: Layout): void {
  write(STORAGE_KEYS.layout, layout);
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

export function setLanguage(language: Language): void {
  write(STORAGE_KEYS.language, language);
}

export function getSidebarCollapsed(): boolean {
  return read(STORAGE_KEYS.isSidebarCollapse) === 'true';
}

export function setSidebarCollapsed(collapsed: boolean): void {
  write(STORAGE_KEYS.isSidebarCollapse, String(collapsed));
}

/** A favourite page: label is the path labels joined with '/', location the hash path. */
export interface Favourite {
  label: string;
  location: string;
}

export function getFavourites(): Favourite[] {
  try {
    const parsed: unknown = JSON.parse(read(STORAGE_KEYS.favourites) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((f): f is Favourite => typeof f?.label === 'string' && typeof f?.location === 'string') : [];
  } catch {
    return [];
  }
}

export function setFavourites(list: readonly Favourite[]): void {
  write(STORAGE_KEYS.favourites, JSON.stringify(list));
}

// ---- session values: token, user id, project id and module live in the token store ----

let tokenStorage: TokenStorage = 'session';

/** Token kept in session storage, or local storage when the system configuration says so. */
export function setTokenStorage(kind: TokenStorage): void {
  tokenStorage = kind;
}

function tokenStore(): Storage | undefined {
  return tokenStorage === 'local' ? safeLocal() : safeSession();
}

export type SessionKey = 'token' | 'userId' | 'projectId' | 'module';

export function readSession(key: SessionKey): string | null {
  return read(STORAGE_KEYS[key], tokenStore());
}

export function writeSession(key: SessionKey, value: string | null): void {
  write(STORAGE_KEYS[key], value, tokenStore());
}

/** Logout clears both token stores. */
export function clearSessionStores(): void {
  for (const store of [safeSession(), safeLocal()]) {
    for (const key of ['token', 'userId', 'projectId', 'module'] as const) write(STORAGE_KEYS[key], null, store);
  }
}
