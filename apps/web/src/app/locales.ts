import { collectLocales } from '../i18n/collect';

/**
 * Features whose texts load with their pages (each folder's index.ts registers them: i18n/register.ts)
 * rather than with the initial route, which has a size budget (e2e/bundle-size.spec.ts).
 */
export const PAGE_LOCALE_FEATURES = ['report', 'email', 'abnormal'] as const;

/**
 * Every area's locale files: the widgets' (namespace 'widgets') and each feature's and frame part's
 * (namespace = its folder), but PAGE_LOCALE_FEATURES'. Eager: the texts are needed before the first page paints.
 */
export const AREA_LOCALES = collectLocales({
  ...import.meta.glob('../widgets/locales/{zh-CN,en-US}.ts', { eager: true }),
  ...import.meta.glob(['../features/*/locales/{zh-CN,en-US}.ts', '!../features/{report,email,abnormal}/locales/*.ts'], { eager: true }),
  ...import.meta.glob('../frame/*/locales/{zh-CN,en-US}.ts', { eager: true }),
});

/** The PAGE_LOCALE_FEATURES' locale files, loaded on demand (the locale tests compare them with the rest). */
export const PAGE_LOCALE_LOADERS = import.meta.glob('../features/{report,email,abnormal}/locales/{zh-CN,en-US}.ts');
