/**
 * How a device monitor shows a data point's latest value (issue 11 defect 9): a switch or state
 * point as running or stopped, not as a number; a power factor as absent while the device carries
 * no load (cos φ = P / S is undefined at S = 0, so a meter's figure then is noise, e.g. 0.83 at 0 A).
 */

/** Data-point ids this rule reads (DATA_ID of the contract: seeded catalogue). */
const ACTIVE_POWER = 3;
const REACTIVE_POWER = 4;
const CURRENTS = [8, 9, 10] as const;
const POWER_FACTOR = 11;
const APPARENT_POWER = 21;

/**
 * Below this a current (A) or power (kW, kvar, kVA) reads as zero: it shows as 0.00 at the
 * monitor's two decimals.
 */
export const NO_LOAD_BELOW = 0.005;

export interface ReadingPoint {
  dataId: number;
  /** catalogue kind: 'status' points hold a state (0 off, anything else on) */
  kind: string;
  value: number | null;
}

export type PointReading =
  /** a measured number */
  | { type: 'number'; value: number | null }
  /** a switch or state: true running / closed, false stopped / open, null no reading */
  | { type: 'state'; on: boolean | null }
  /** a figure that has no meaning now (power factor without load) */
  | { type: 'none' };

const near0 = (v: number | null | undefined) => v !== null && v !== undefined && Math.abs(v) < NO_LOAD_BELOW;

/**
 * Whether the device carries no load, read from its own points: every metered phase current is
 * zero; without currents, the apparent power is zero, or both active and reactive power are. False
 * when nothing tells (no such point read).
 */
export function withoutLoad(points: readonly Pick<ReadingPoint, 'dataId' | 'value'>[]): boolean {
  const value = (id: number) => points.find((p) => p.dataId === id && p.value !== null)?.value ?? null;
  const currents = CURRENTS.map(value).filter((v): v is number => v !== null);
  if (currents.length > 0) return currents.every(near0);
  const s = value(APPARENT_POWER);
  if (s !== null) return near0(s);
  const p = value(ACTIVE_POWER);
  const q = value(REACTIVE_POWER);
  return p !== null && near0(p) && (q === null || near0(q));
}

/** What to show for `point`, a point of the device whose points are `all`. */
export function pointReading(point: ReadingPoint, all: readonly ReadingPoint[]): PointReading {
  if (point.kind === 'status') return { type: 'state', on: point.value === null ? null : point.value !== 0 };
  if (point.dataId === POWER_FACTOR && withoutLoad(all)) return { type: 'none' };
  return { type: 'number', value: point.value };
}
