import { collectLocales } from '../i18n/collect';

/**
 * Every area's locale files: the widgets' (namespace 'widgets') and each feature's and frame part's
 * (namespace = its folder). Eager: the texts are small and needed before the first page paints.
 */
export const AREA_LOCALES = collectLocales({
  ...import.meta.glob('../widgets/locales/{zh-CN,en-US}.ts', { eager: true }),
  ...import.meta.glob('../features/*/locales/{zh-CN,en-US}.ts', { eager: true }),
  ...import.meta.glob('../frame/*/locales/{zh-CN,en-US}.ts', { eager: true }),
});
