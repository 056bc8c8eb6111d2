import type { GridRange } from '@ems/domain';

/** Session-storage key of a grid's last chosen range (spec section 9: kept per grid in session storage). */
export function gridRangeKey(gridId: string): string {
  return `ems.grid.${gridId}.range`;
}

export function loadGridRange(gridId: string): GridRange | undefined {
  try {
    const raw = sessionStorage.getItem(gridRangeKey(gridId));
    const value = raw ? (JSON.parse(raw) as Partial<GridRange>) : undefined;
    if (value && Number.isFinite(value.startTime) && Number.isFinite(value.endTime)) {
      return { startTime: value.startTime as number, endTime: value.endTime as number };
    }
  } catch {
    // unreadable or blocked storage: fall back to the default range
  }
  return undefined;
}

export function saveGridRange(gridId: string, range: GridRange): void {
  try {
    sessionStorage.setItem(gridRangeKey(gridId), JSON.stringify(range));
  } catch {
    // storage full or blocked: the range simply is not kept
  }
}
