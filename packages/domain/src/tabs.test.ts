import { describe, expect, it } from 'vitest';
import { initialTabs, keepAliveIds, tabsReducer, type TabsState } from './tabs.js';

const home = { id: '/home', label: 'home-Home' };
function open(state: TabsState, ...ids: string[]): TabsState {
  return ids.reduce((s, id) => tabsReducer(s, { type: 'open', tab: { id, label: id } }).state, state);
}

describe('tab bar (spec 2)', () => {
  it('the first tab is fixed', () => {
    expect(initialTabs(home).tabs).toEqual([{ ...home, fixed: true }]);
  });
  it('one tab per visited page, opening again only activates it', () => {
    const s = open(initialTabs(home), '/a', '/b', '/a');
    expect(s.tabs.map((t) => t.id)).toEqual(['/home', '/a', '/b']);
    expect(s.activeId).toBe('/a');
  });
  it('closing the sole tab is refused', () => {
    const r = tabsReducer(initialTabs(home), { type: 'close', id: '/home' });
    expect(r.refused).toBe(true);
  });
  it('closing the fixed tab is refused', () => {
    const r = tabsReducer(open(initialTabs(home), '/a'), { type: 'close', id: '/home' });
    expect(r.refused).toBe(true);
    expect(r.state.tabs).toHaveLength(2);
  });
  it('closing the active tab activates the next tab', () => {
    let s = open(initialTabs(home), '/a', '/b', '/c');
    s = tabsReducer(s, { type: 'activate', id: '/b' }).state;
    const r = tabsReducer(s, { type: 'close', id: '/b' });
    expect(r.refused).toBe(false);
    expect(r.state.activeId).toBe('/c');
    expect(r.state.tabs.map((t) => t.id)).toEqual(['/home', '/a', '/c']);
  });
  it('closing the active tab activates the previous one if none follows', () => {
    const s = open(initialTabs(home), '/a', '/b');
    expect(tabsReducer(s, { type: 'close', id: '/b' }).state.activeId).toBe('/a');
  });
  it('closing an inactive tab keeps the active one', () => {
    const s = open(initialTabs(home), '/a', '/b');
    expect(tabsReducer(s, { type: 'close', id: '/a' }).state.activeId).toBe('/b');
  });
  it("'close others' keeps the fixed tab and the chosen one, which becomes active", () => {
    const s = open(initialTabs(home), '/a', '/b', '/c');
    const r = tabsReducer(s, { type: 'closeOthers', id: '/b' });
    expect(r.state.tabs.map((t) => t.id)).toEqual(['/home', '/b']);
    expect(r.state.activeId).toBe('/b');
  });
  it('reset goes back to the fixed home tab', () => {
    const s = open(initialTabs(home), '/a');
    expect(tabsReducer(s, { type: 'reset', home }).state).toEqual(initialTabs(home));
  });
  it('up to 5 pages are kept alive, the most recently shown', () => {
    let s = open(initialTabs(home), '/a', '/b', '/c', '/d', '/e');
    expect(keepAliveIds(s)).toEqual(['/e', '/d', '/c', '/b', '/a']);
    s = tabsReducer(s, { type: 'activate', id: '/home' }).state;
    expect(keepAliveIds(s)).toEqual(['/home', '/e', '/d', '/c', '/b']);
    s = tabsReducer(s, { type: 'close', id: '/e' }).state;
    expect(keepAliveIds(s)).not.toContain('/e');
  });
});
