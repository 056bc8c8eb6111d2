import { describe, expect, it } from 'vitest';
import { INITIAL_MODULE, canReturnToPlatform, moduleOnLogin, returnToPlatformTarget, switchModule } from './module.js';

describe('module state (spec 4)', () => {
  it('current module defaults to pf', () => expect(INITIAL_MODULE).toBe('pf'));

  it.each([
    ['fw when the system is not in platform mode', false, 1, 'fw'],
    ['fw for user type 3 in platform mode', true, 3, 'fw'],
    ['fw for user type 4 in platform mode', true, 4, 'fw'],
    ['pf for user type 1 in platform mode', true, 1, 'pf'],
    ['pf for user type 2 in platform mode', true, 2, 'pf'],
    ['pf for a user without type in platform mode', true, undefined, 'pf'],
  ] as const)('on login: %s', (_n, platform, type, expected) => {
    expect(moduleOnLogin(platform, type)).toBe(expected);
  });

  it('fw page to pf page sets pf, clears the project, resets tabs and reloads the menu', () => {
    expect(switchModule('fw', 'pf')).toEqual({ module: 'pf', clearProject: true, resetTabs: true, reloadMenu: true });
  });
  it('pf to fw sets fw', () => {
    expect(switchModule('pf', 'fw')).toMatchObject({ module: 'fw', clearProject: false, resetTabs: false });
  });
  it('no switch within a module', () => expect(switchModule('fw', 'fw')).toBeNull());

  it.each([
    ['shows in platform mode for type 1 at fw', true, 1, 'fw', true],
    ['hidden outside platform mode', false, 1, 'fw', false],
    ['hidden for type 3', true, 3, 'fw', false],
    ['hidden for type 4', true, 4, 'fw', false],
    ['hidden when the module is pf', true, 2, 'pf', false],
  ] as const)("'return to platform' %s", (_n, platform, type, module, expected) => {
    expect(canReturnToPlatform(platform, type, module)).toBe(expected);
  });

  it("'return to platform' goes to the configured platform home if the role has it, else /projectnavigation", () => {
    expect(returnToPlatformTarget('/home', () => true)).toBe('/home');
    expect(returnToPlatformTarget('/home', () => false)).toBe('/projectnavigation');
    expect(returnToPlatformTarget(undefined, () => true)).toBe('/projectnavigation');
  });
});
