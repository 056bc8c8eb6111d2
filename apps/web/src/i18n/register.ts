import { i18n, type LocaleTag } from './index';

/**
 * Adds a namespace's texts to i18next, once. For areas whose texts travel in their own lazy chunk (a
 * page's feature folder) instead of the initial route's eager locale glob (app/locales.ts): the chunk
 * registers them when it loads. A chunk may load before i18next has started (a page opened by its URL
 * is fetched while the app boots): then the texts are added as soon as it has.
 */
export function registerLocales(ns: string, texts: Record<LocaleTag, object>): void {
  const add = () => {
    for (const [tag, value] of Object.entries(texts)) if (!i18n.hasResourceBundle(tag, ns)) i18n.addResourceBundle(tag, ns, value, true, false);
  };
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
