import { i18n, type LocaleTag } from './index';

/**
 * Adds a namespace's texts to the running i18next, once. For areas whose texts travel in their own
 * lazy chunk (a page's feature folder) instead of the initial route's eager locale glob
 * (app/locales.ts): the chunk registers them when it loads, before its page renders.
 */
export function registerLocales(ns: string, texts: Record<LocaleTag, object>): void {
  for (const [tag, value] of Object.entries(texts)) if (!i18n.hasResourceBundle(tag, ns)) i18n.addResourceBundle(tag, ns, value, true, false);
}
