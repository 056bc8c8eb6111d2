import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { usePickedItem } from './use-picked-item';

const ITEMS = [
  { id: 3, name: 'T1' },
  { id: 5, name: 'T2' },
];

describe('usePickedItem', () => {
  it('shows the first item, else the preferred one, and the one picked over both', () => {
    const { result, rerender } = renderHook(({ preferred }: { preferred?: number }) => usePickedItem(ITEMS, false, preferred), { initialProps: {} });
    expect(result.current.id).toBe(3);
    rerender({ preferred: 5 });
    expect(result.current.picker).toMatchObject({ value: 5, items: ITEMS, loading: false });
    act(() => result.current.picker.onChange(3));
    expect(result.current.id).toBe(3);
  });

  it('has none while the list is loading', () => {
    const { result } = renderHook(() => usePickedItem(undefined, true));
    expect(result.current.id).toBeNull();
    expect(result.current.picker).toMatchObject({ value: undefined, items: [], loading: true });
  });
});
