import { describe, expect, it } from 'vitest';
import { diffAudit } from './audit-diff';

describe('diffAudit: the changed fields of an audit entry', () => {
  it('lists only the fields that changed, nested ones by path', () => {
    const before = JSON.stringify({ name: 'A', capacityKva: 100, geo: { lat: 30, lng: 120 }, tags: [1, 2] });
    const after = JSON.stringify({ name: 'B', capacityKva: 100, geo: { lat: 31, lng: 120 }, tags: [1, 3] });
    expect(diffAudit(before, after)).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'geo.lat', before: '30', after: '31' },
      { field: 'tags', before: '[1,2]', after: '[1,3]' },
    ]);
  });

  it('a creation shows every field as new, a deletion every field as removed', () => {
    expect(diffAudit(null, JSON.stringify({ name: 'A', on: true }))).toEqual([
      { field: 'name', before: null, after: 'A' },
      { field: 'on', before: null, after: 'true' },
    ]);
    expect(diffAudit(JSON.stringify({ name: 'A' }), null)).toEqual([{ field: 'name', before: 'A', after: null }]);
  });

  it('nothing to show for a sign-in; a value that is not an object is one row', () => {
    expect(diffAudit(null, null)).toEqual([]);
    expect(diffAudit('"x"', '"y"')).toEqual([{ field: '—', before: 'x', after: 'y' }]);
  });
});
