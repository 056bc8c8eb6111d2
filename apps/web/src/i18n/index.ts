import i18next, { type Resource, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../lib/storage';
import { substitute } from './substitute';
import zhCommon from './locales/zh-CN/common';
import enCommon from './locales/en-US/common';
import zhFrame from './locales/zh-CN/frame';
import enFrame from './locales/en-US/frame';

export { substitute };

/** i18next language codes of the two product languages. */
export type LocaleTag = 'zh-CN' | 'en-US';

export function localeTag(language: Language): LocaleTag {
  return language === 'en' ? 'en-US' : 'zh-CN';
}

/** The namespaces this folder owns; features and widgets add their own. */
export const BASE_RESOURCES: Record<LocaleTag, Record<string, object>> = {
  'zh-CN': { common: zhCommon, frame: zhFrame },
  'en-US': { common: enCommon, frame: enFrame },
};

export const i18n: I18n = i18next.createInstance();

/**
 * Starts i18next in the chosen language with the base namespaces plus `extra` (namespace ->
 * resources per locale tag). Keys are namespaced by area: `t('frame:tabs.close')`.
 */
export async function initI18n(language: Language, extra: Record<LocaleTag, Record<string, object>> = { 'zh-CN': {}, 'en-US': {} }): Promise<void> {
  const resources: Resource = {
    'zh-CN': { ...BASE_RESOURCES['zh-CN'], ...extra['zh-CN'] },
    'en-US': { ...BASE_RESOURCES['en-US'], ...extra['en-US'] },
  } as Resource;
  await i18n.use(initReactI18next).init({
    resources,
    lng: localeTag(language),
    fallbackLng: 'zh-CN',
    defaultNS: 'common',
    ns: Object.keys(resources['zh-CN'] ?? {}),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

/** The current language's tag, for the Accept-Language header. */
export function currentLocaleTag(): LocaleTag {
  return i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
}

/** Translates `key` and substitutes $0..$5. Usable outside React (lib code). */
export function tr(key: string, ...args: readonly (string | number)[]): string {
  return substitute(i18n.isInitialized ? i18n.t(key) : key, ...args);
}
