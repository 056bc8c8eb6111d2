import { create } from 'zustand';
import { initialTabs, tabsReducer, type TabsAction, type TabsState } from '@ems/domain';

/** The tab bar's state; every change goes through the pure reducer of packages/domain. */
export const useTabs = create<TabsState>(() => ({ tabs: [], activeId: '', recent: [] }));

/** Applies an action; returns false when it was refused (sole or fixed tab). */
export function dispatchTabs(action: TabsAction): boolean {
  const result = tabsReducer(useTabs.getState(), action);
  useTabs.setState(result.state, true);
  return !result.refused;
}

export function resetTabs(home: { id: string; label: string }): void {
  useTabs.setState(initialTabs(home), true);
}
