/**
 * The tab bar (spec section 2): one tab per visited page; the first tab is fixed. Pure reducer:
 * the frame keeps the state and shows the refusal message.
 */

export interface Tab {
  /** the location (hash path) */
  id: string;
  label: string;
  fixed?: boolean;
}

export interface TabsState {
  tabs: Tab[];
  activeId: string;
  /** tab ids, most recently activated first (drives keep-alive) */
  recent: string[];
}

/** Number of pages kept alive (spec section 9). */
export const KEEP_ALIVE_PAGES = 5;

export type TabsAction =
  | { type: 'open'; tab: Tab }
  | { type: 'activate'; id: string }
  | { type: 'close'; id: string }
  | { type: 'closeOthers'; id: string }
  | { type: 'reset'; home: Tab };

export interface TabsResult {
  state: TabsState;
  /** the action was refused: closing the sole or the fixed tab ('this item cannot be deleted!') */
  refused: boolean;
}

/** A tab bar holding only the fixed home tab. */
export function initialTabs(home: Tab): TabsState {
  return { tabs: [{ ...home, fixed: true }], activeId: home.id, recent: [home.id] };
}

function touch(recent: readonly string[], id: string): string[] {
  return [id, ...recent.filter((r) => r !== id)];
}

export function tabsReducer(state: TabsState, action: TabsAction): TabsResult {
  const ok = (next: TabsState): TabsResult => ({ state: next, refused: false });
  switch (action.type) {
    case 'reset':
      return ok(initialTabs(action.home));
    case 'open': {
      const exists = state.tabs.some((t) => t.id === action.tab.id);
      const tabs = exists ? state.tabs : [...state.tabs, { ...action.tab, fixed: false }];
      return ok({ tabs, activeId: action.tab.id, recent: touch(state.recent, action.tab.id) });
    }
    case 'activate':
      if (!state.tabs.some((t) => t.id === action.id)) return ok(state);
      return ok({ ...state, activeId: action.id, recent: touch(state.recent, action.id) });
    case 'close': {
      const index = state.tabs.findIndex((t) => t.id === action.id);
      if (index < 0) return ok(state);
      if (state.tabs.length <= 1 || state.tabs[index]?.fixed) return { state, refused: true };
      const tabs = state.tabs.filter((t) => t.id !== action.id);
      let activeId = state.activeId;
      if (activeId === action.id) {
        // the next tab, or the previous one if none follows
        activeId = (state.tabs[index + 1] ?? state.tabs[index - 1])?.id ?? tabs[0]?.id ?? '';
      }
      const recent = touch(state.recent.filter((r) => r !== action.id), activeId);
      return ok({ tabs, activeId, recent });
    }
    case 'closeOthers': {
      if (!state.tabs.some((t) => t.id === action.id)) return ok(state);
      const tabs = state.tabs.filter((t) => t.fixed || t.id === action.id);
      const ids = new Set(tabs.map((t) => t.id));
      return ok({ tabs, activeId: action.id, recent: touch(state.recent.filter((r) => ids.has(r)), action.id) });
    }
  }
}

/** Ids of the pages kept alive: the most recently activated open tabs, at most `limit`. */
export function keepAliveIds(state: TabsState, limit = KEEP_ALIVE_PAGES): string[] {
  const open = new Set(state.tabs.map((t) => t.id));
  return state.recent.filter((id) => open.has(id)).slice(0, limit);
}
