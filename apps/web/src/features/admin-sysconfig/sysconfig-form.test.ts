import { describe, expect, it } from 'vitest';
import { patchOf, valuesOf } from './sysconfig-form';

const file = { internationalization: true, projectName: '平台', enProjectName: 'Platform', key: '', isPlatformModel: true, pfHomePage: '/home', authStringent: false, tokenStorage: 'session', trendDataUrl: '/x' };

describe('system configuration form: values and the patch sent', () => {
  it('sends only the keys that changed', () => {
    const v = valuesOf(file);
    expect(patchOf(file, v, true)).toEqual({});
    expect(patchOf(file, { ...v, projectName: ' 新平台 ', authStringent: true }, true)).toEqual({ projectName: '新平台', authStringent: true });
  });

  it('leaves advanced keys out when the advanced section is not shown', () => {
    expect(patchOf(file, { ...valuesOf(file), projectName: 'A', authStringent: true }, false)).toEqual({ projectName: 'A' });
  });

  it('a blank optional key and an empty function list remove the key (null)', () => {
    const v = valuesOf({ ...file, functions: [1091], powerUserId: 3 });
    expect(v.functions).toEqual([1091]);
    expect(patchOf({ ...file, functions: [1091], powerUserId: 3 }, { ...v, trendDataUrl: '', functions: [], powerUserId: null }, true)).toEqual({ trendDataUrl: null, functions: null, powerUserId: null });
  });

  it('missing keys take the defaults', () => {
    expect(valuesOf({})).toMatchObject({ tokenStorage: 'session', pfHomePage: '/home', isPlatformModel: true, functions: [] });
  });
});
