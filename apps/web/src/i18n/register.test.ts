import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from './index';
import { registerLocales } from './register';

describe('registerLocales (texts that load with a page chunk)', () => {
  it('a chunk loaded before i18next started (a page opened by its URL) adds its texts once i18next has started; later chunks at once', async () => {
    expect(i18n.isInitialized).toBeFalsy();
    expect(() => registerLocales('early', { 'zh-CN': { a: '早' }, 'en-US': { a: 'early' } })).not.toThrow();
    await initI18n('en');
    expect(i18n.t('early:a')).toBe('early');
    registerLocales('late', { 'zh-CN': { b: '晚' }, 'en-US': { b: 'late' } });
    expect(i18n.t('late:b')).toBe('late');
    await i18n.changeLanguage('zh-CN');
    expect([i18n.t('early:a'), i18n.t('late:b')]).toEqual(['早', '晚']);
  });
});
