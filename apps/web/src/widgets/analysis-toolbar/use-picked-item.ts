import { useState } from 'react';
import type { AnalysisToolbarPicker } from './analysis-toolbar';

type Item = { id: number; name: string };

/**
 * The item an analysis page shows: the one the user picked, else `preferred` (a link's), else the
 * first of the list; with the toolbar picker's value, items, loading and change for it.
 */
export function usePickedItem(
  items: readonly Item[] | undefined,
  loading: boolean,
  preferred?: number,
): { id: number | null; picker: Pick<AnalysisToolbarPicker, 'value' | 'items' | 'loading' | 'onChange'> } {
  const [picked, setPicked] = useState<number | null>(null);
  const id = picked ?? preferred ?? items?.[0]?.id ?? null;
  return { id, picker: { value: id ?? undefined, items: items ?? [], loading, onChange: setPicked } };
}
