import type { PlaceRef, RoomTile, SensorRow } from '@ems/contract';

export interface FloorGroup {
  /** 'building / floor', or '' for rooms outside any building */
  title: string;
  tiles: { key: string; room: RoomTile | null; sensors: SensorRow[] }[];
}

const titleOf = (building: PlaceRef | null, floor: PlaceRef | null) => [building?.name, floor?.name].filter(Boolean).join(' / ');

/**
 * The floor view's layout from the model: the room tiles grouped by building and floor in tree order,
 * each with the sensors whose nearest room it is; sensors in no listed room go to one last tile
 * (room null) of their own group.
 */
export function floorLayout(rooms: readonly RoomTile[], sensors: readonly SensorRow[]): FloorGroup[] {
  const groups = new Map<string, FloorGroup>();
  const group = (title: string) => {
    let g = groups.get(title);
    if (!g) {
      g = { title, tiles: [] };
      groups.set(title, g);
    }
    return g;
  };
  const tiles = new Map<number, FloorGroup['tiles'][number]>();
  for (const r of rooms) {
    const tile = { key: `room_${r.id}`, room: r, sensors: [] };
    tiles.set(r.id, tile);
    group(titleOf(r.building, r.floor)).tiles.push(tile);
  }
  const rest = new Map<string, SensorRow[]>();
  for (const s of sensors) {
    const tile = s.room ? tiles.get(s.room.id) : undefined;
    if (tile) tile.sensors.push(s);
    else {
      const title = titleOf(s.building, s.floor);
      rest.set(title, [...(rest.get(title) ?? []), s]);
    }
  }
  for (const [title, list] of rest) group(title).tiles.push({ key: `rest_${title}`, room: null, sensors: list });
  return [...groups.values()];
}
