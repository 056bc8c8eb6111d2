import { useCallback, useMemo, useState, type Key } from 'react';

/** A row that may be saved back: rows loaded from the server have an id. */
export interface EditableRow {
  id?: number | string | null;
  delete_flag?: boolean;
}

const hasId = (row: EditableRow) => row.id !== undefined && row.id !== null && row.id !== '';

/**
 * Table deletion rule (spec section 4): a deleted row that has an id is kept with delete_flag true
 * so saving can delete it; a new row without id is simply dropped.
 */
export function removeRows<T extends EditableRow>(rows: readonly T[], isRemoved: (row: T) => boolean): T[] {
  return rows.flatMap((row) => {
    if (!isRemoved(row)) return [row];
    return hasId(row) ? [{ ...row, delete_flag: true }] : [];
  });
}

/** The rows a user sees: everything not flagged deleted. */
export function visibleRows<T extends EditableRow>(rows: readonly T[]): T[] {
  return rows.filter((row) => !row.delete_flag);
}

/**
 * Headless controller for local editing of table rows. `rows` are shown, `rowsToSave` also hold the
 * deleted rows (delete_flag true) that the save call needs.
 */
export function useEditableRows<T extends EditableRow>(initial: readonly T[], rowKey: (row: T) => Key) {
  const [all, setAll] = useState<readonly T[]>(initial);
  const rows = useMemo(() => visibleRows(all), [all]);

  const reset = useCallback((next: readonly T[]) => setAll(next), []);
  const add = useCallback((row: T) => setAll((prev) => [...prev, row]), []);
  const update = useCallback(
    (key: Key, patch: Partial<T>) => setAll((prev) => prev.map((r) => (rowKey(r) === key ? { ...r, ...patch } : r))),
    [rowKey],
  );
  const remove = useCallback(
    (keys: readonly Key[]) => setAll((prev) => removeRows(prev, (r) => !r.delete_flag && keys.includes(rowKey(r)))),
    [rowKey],
  );

  return { rows, rowsToSave: all, reset, add, update, remove };
}
