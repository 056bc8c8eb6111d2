/** Most lines on the equipment trend chart. */
export const MAX_TREND_LINES = 8;

/** A ticked data point of a device. */
export interface SelectedLine {
  deviceId: number;
  dataId: number;
  deviceName: string;
  dataName: string;
  unit: string;
}

export const lineKey = (l: { deviceId: number; dataId: number }) => `${l.deviceId}:${l.dataId}`;

/** Ticks or unticks a line; ticking beyond MAX_TREND_LINES or twice changes nothing. */
export function toggleLine(selected: readonly SelectedLine[], line: SelectedLine, on: boolean): SelectedLine[] {
  const key = lineKey(line);
  const rest = selected.filter((l) => lineKey(l) !== key);
  if (!on) return rest;
  if (rest.length !== selected.length || selected.length >= MAX_TREND_LINES) return [...selected];
  return [...selected, line];
}
