import { describe, expect, it } from 'vitest';
import { addPayload, deleteRequest, editPayload, movePayload } from './payload';

// Spec section 3 (generic save payload) and docs/model.md: the exact bodies the page sends.
describe('hierarchy write payloads', () => {
  it('add: a new item without id nested under its parent (the project is the anchor)', () => {
    expect(addPayload({ modelLabel: 'project', id: 1 }, 'building', { name: '3#楼', floorCount: 4 })).toEqual([
      { modelLabel: 'project', id: 1, children: [{ modelLabel: 'building', name: '3#楼', floorCount: 4 }] },
    ]);
    const underFloor = addPayload({ modelLabel: 'floor', id: 9 }, 'room', { name: '101', roomType: 'office' });
    expect(underFloor).toEqual([{ modelLabel: 'floor', id: 9, children: [{ modelLabel: 'room', name: '101', roomType: 'office' }] }]);
    expect(underFloor[0]?.children?.[0]).not.toHaveProperty('id');
  });

  it('add: only the parent’s identity is sent, never its other fields', () => {
    const parent = { modelLabel: 'building', id: 8, name: 'B', children: [], floorCount: 3 };
    expect(addPayload(parent, 'floor', { name: '1F' })).toEqual([{ modelLabel: 'building', id: 8, children: [{ modelLabel: 'floor', name: '1F' }] }]);
  });

  it('edit: the node with its id and the fields sent; null clears an attribute', () => {
    expect(editPayload({ modelLabel: 'floor', id: 5 }, { name: '2F', code: '', floorNo: 2, areaM2: null })).toEqual([
      { modelLabel: 'floor', id: 5, name: '2F', code: '', floorNo: 2, areaM2: null },
    ]);
  });

  it('edit: fields cannot override the identity', () => {
    expect(editPayload({ modelLabel: 'floor', id: 5 }, { id: 6, modelLabel: 'room', name: 'x' })).toEqual([{ modelLabel: 'floor', id: 5, name: 'x' }]);
  });

  it('move: the node under its new parent carrying moveFrom = its old parent', () => {
    expect(movePayload({ modelLabel: 'room', id: 7 }, { modelLabel: 'floor', id: 5 }, { modelLabel: 'building', id: 8 })).toEqual([
      { modelLabel: 'building', id: 8, children: [{ modelLabel: 'room', id: 7, moveFrom: { id: 5, modelLabel: 'floor' } }] },
    ]);
    // from directly under the project
    expect(movePayload({ modelLabel: 'meter', id: 3 }, { modelLabel: 'project', id: 1 }, { modelLabel: 'cabinet', id: 4 })).toEqual([
      { modelLabel: 'cabinet', id: 4, children: [{ modelLabel: 'meter', id: 3, moveFrom: { id: 1, modelLabel: 'project' } }] },
    ]);
  });

  it('delete: DELETE /model/v1/{modelLabel} with {modelLabel, idRange}', () => {
    expect(deleteRequest({ modelLabel: 'building', id: 8 })).toEqual({ path: '/model/v1/building', body: { modelLabel: 'building', idRange: [8] } });
  });
});
