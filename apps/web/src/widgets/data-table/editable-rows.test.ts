import { describe, expect, it } from 'vitest';
import { removeRows, visibleRows } from './editable-rows';

describe('spec 4: a deleted row with an id is kept with delete_flag true for saving', () => {
  const rows = [
    { id: 1, name: 'a' },
    { id: undefined, name: 'new' },
    { id: 2, name: 'b' },
  ];
  it('flags rows with id, drops new rows without id, leaves the rest', () => {
    expect(removeRows(rows, (r) => r.name !== 'b')).toEqual([
      { id: 1, name: 'a', delete_flag: true },
      { id: 2, name: 'b' },
    ]);
  });
  it('flagged rows are hidden', () => {
    expect(visibleRows(removeRows(rows, (r) => r.id === 1))).toEqual([rows[1], rows[2]]);
  });
  it('id 0 counts as an id; null and empty string do not', () => {
    expect(removeRows([{ id: 0 }, { id: null }, { id: '' }], () => true)).toEqual([{ id: 0, delete_flag: true }]);
  });
});
