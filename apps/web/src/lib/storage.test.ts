import { afterEach, describe, expect, it } from 'vitest';
import { clearSessionStores, getFavourites, getLanguage, getLayout, getTheme, readSession, setFavourites, setTokenStorage, writeSession } from './storage';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setTokenStorage('session');
});

describe('preferences (spec 4)', () => {
  it('defaults: dark theme, vertical layout', () => {
    expect(getTheme()).toBe('dark');
    expect(getLayout()).toBe('vertical');
  });
  it.each([
    ['internationalization off gives zh_cn', false, null, 'en-US', 'zh_cn'],
    ['nothing stored and browser zh-CN gives zh_cn', true, null, 'zh-CN', 'zh_cn'],
    ['nothing stored and any other browser language gives en', true, null, 'zh-TW', 'en'],
    ['a stored language wins', true, 'zh_cn', 'en-US', 'zh_cn'],
  ])('language rule: %s', (_n, intl, stored, browser, expected) => {
    if (stored) localStorage.setItem('language', stored);
    expect(getLanguage(intl, browser)).toBe(expected);
  });
  it('favourites survive a round trip and ignore junk', () => {
    setFavourites([{ label: 'a/b', location: '/b' }]);
    expect(getFavourites()).toEqual([{ label: 'a/b', location: '/b' }]);
    localStorage.setItem('favourites', '{bad');
    expect(getFavourites()).toEqual([]);
  });
});

describe('token store (spec 9)', () => {
  it('the token is kept in session storage by default', () => {
    writeSession('token', 't1');
    expect(sessionStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('token')).toBeNull();
  });
  it('or in local storage when configured', () => {
    setTokenStorage('local');
    writeSession('token', 't2');
    expect(localStorage.getItem('token')).toBe('t2');
    expect(readSession('token')).toBe('t2');
  });
  it('logout clears both token stores', () => {
    sessionStorage.setItem('token', 'a');
    localStorage.setItem('token', 'b');
    localStorage.setItem('theme', 'light');
    clearSessionStores();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('light');
  });
});
