import { describe, expect, it } from 'vitest';
import { chooseHomePage, roleHomepage, type HomePageInput } from './home-page.js';

const base: HomePageInput = {
  module: 'pf',
  isPlatformUser: true,
  userType: 1,
  isRoot: false,
  strict: false,
  pfHomePage: '/home',
  visiblePaths: ['/projectnavigation', '/cloudProjectConfig', '/home'],
  allPaths: ['/projectnavigation', '/cloudProjectConfig', '/home'],
};

describe('home page after login (spec 2)', () => {
  it.each<[string, Partial<HomePageInput>, string | null]>([
    ["the role's configured homepage comes first", { roleHomepage: '/cloudProjectConfig' }, '/cloudProjectConfig'],
    ['a configured homepage the role may not see is passed over', { roleHomepage: '/admin/user' }, '/home'],
    ['otherwise the platform home for platform users', {}, '/home'],
    ['the platform home needs the role to see it', { visiblePaths: ['/projectnavigation'] }, '/projectnavigation'],
    [
      'the cloud dashboard for user type 3',
      { module: 'fw', isPlatformUser: false, userType: 3, visiblePaths: ['/deviceMonitor', '/home'], allPaths: ['/home', '/deviceMonitor'] },
      '/home',
    ],
    [
      'otherwise the first menu page the role may see',
      { module: 'fw', isPlatformUser: false, userType: 4, visiblePaths: ['/deviceMonitor'], allPaths: ['/home', '/deviceMonitor'] },
      '/deviceMonitor',
    ],
    [
      'the root user with non-strict authorisation goes to the first menu item',
      { module: 'fw', isRoot: true, visiblePaths: ['/deviceMonitor'], allPaths: ['/home', '/deviceMonitor'] },
      '/home',
    ],
    [
      'the root user with strict authorisation gets the first page it may see',
      { module: 'fw', isRoot: true, strict: true, visiblePaths: ['/deviceMonitor'], allPaths: ['/home', '/deviceMonitor'] },
      '/deviceMonitor',
    ],
    ['platform-level fallback is /projectnavigation', { visiblePaths: [], allPaths: [], isPlatformUser: false, userType: 2 }, '/projectnavigation'],
    ['no home page at the project level gives null', { module: 'fw', visiblePaths: [], allPaths: [], userType: 4 }, null],
  ])('%s', (_n, over, expected) => {
    expect(chooseHomePage({ ...base, ...over })).toBe(expected);
  });

  it.each([
    ['{"homepage":"/home"}', '/home'],
    ['{"homePagePageNodeId":3}', undefined],
    ['not json', undefined],
    ['', undefined],
  ])('reads the homepage from role customConfig %j', (text, expected) => {
    expect(roleHomepage(text)).toBe(expected);
  });
});
