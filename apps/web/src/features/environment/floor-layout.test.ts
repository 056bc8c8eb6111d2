import { describe, expect, it } from 'vitest';
import type { RoomTile, SensorRow } from '@ems/contract';
import { floorLayout } from './floor-layout';

const b = { id: 1, modelLabel: 'building', name: '1#厂房' };
const f = { id: 2, modelLabel: 'floor', name: '1F' };
const room = (id: number, name: string, floor = f): RoomTile => ({ id, modelLabel: 'room', name, floor, building: b });
const sensor = (id: number, roomId: number | null): SensorRow => ({
  id,
  modelLabel: 'envsensor',
  name: `S${id}`,
  code: '',
  kind: 'temperatureHumidity',
  level: 'normal',
  channels: [],
  room: roomId === null ? null : { id: roomId, modelLabel: 'room', name: '' },
  floor: roomId === null ? null : f,
  building: roomId === null ? null : b,
});

describe('floorLayout', () => {
  it('room tiles by building and floor in model order, sensors in their room, the rest in a last tile of their own', () => {
    const g = floorLayout([room(10, 'A'), room(11, 'B'), room(12, 'C', { id: 3, modelLabel: 'floor', name: '2F' })], [sensor(1, 11), sensor(2, 10), sensor(3, 11), sensor(4, null)]);
    expect(g.map((x) => [x.title, x.tiles.map((t) => [t.room?.name ?? null, t.sensors.map((s) => s.id)])])).toEqual([
      ['1#厂房 / 1F', [['A', [2]], ['B', [1, 3]]]],
      ['1#厂房 / 2F', [['C', []]]],
      ['', [[null, [4]]]],
    ]);
  });
});
