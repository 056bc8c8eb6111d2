import type { LocaleTag } from './index';

/**
 * Turns an `import.meta.glob` of locale files into namespaces per locale tag. The namespace is the
 * folder that holds `locales/`: `../features/project-config/locales/en-US.ts` -> 'project-config',
 * `../widgets/locales/zh-CN.ts` -> 'widgets'.
 */
export function collectLocales(modules: Record<string, unknown>): Record<LocaleTag, Record<string, object>> {
  const out: Record<LocaleTag, Record<string, object>> = { 'zh-CN': {}, 'en-US': {} };
  for (const [path, mod] of Object.entries(modules)) {
    const match = /([^/]+)\/locales\/(zh-CN|en-US)\.ts$/.exec(path);
    if (!match) continue;
    const [, ns, tag] = match as unknown as [string, string, LocaleTag];
    const value = (mod as { default?: unknown }).default;
    if (value && typeof value === 'object') out[tag][ns] = value;
  }
  return out;
}
