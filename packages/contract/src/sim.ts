import { Type, type Static } from '@sinclair/typebox';

/**
 * Demo-plant simulator status (issue 3 section 5): `seeding` while the history (13 months of 15-min
 * counters, newest first) is being written, `live` once it is complete and live readings flow,
 * `off` when the demo is off (or the live feed is off, EMS_SIM=0, and the history is complete).
 */
export const SimState = Type.Union([Type.Literal('seeding'), Type.Literal('live'), Type.Literal('off')]);
export type SimState = Static<typeof SimState>;

export const EventHistoryStatus = Type.Object({
  state: Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('done')]),
  progress: Type.Number(),
});
export type EventHistoryStatus = Static<typeof EventHistoryStatus>;

export const SimStatus = Type.Object({
  state: SimState,
  /** share of the history written, 0..100 */
  progress: Type.Number(),
  /** oldest instant of the seeded history (ms), null when off */
  from: Type.Union([Type.Integer(), Type.Null()]),
  /** newest instant with data (ms), null when off */
  to: Type.Union([Type.Integer(), Type.Null()]),
  /** history is present (newest first) from this instant (ms) to `to`; equals `from` when complete */
  filledFrom: Type.Union([Type.Integer(), Type.Null()]),
  /** estimated ms until the history is complete, null when unknown or done */
  etaMs: Type.Union([Type.Integer(), Type.Null()]),
  /** ms the seed took (this run), null while seeding or when none ran */
  seedMs: Type.Union([Type.Integer(), Type.Null()]),
  /** the live feed is on */
  live: Type.Boolean(),
  /**
   * the history's events (issue 11): after the seed the rule engine evaluates the history in the
   * background; `pending` until the seed is in, `running` with the share evaluated (0..100), `done`.
   * Always sent by the server.
   */
  events: Type.Optional(EventHistoryStatus),
});
export type SimStatus = Static<typeof SimStatus>;

export const SIM_API = {
  /** GET (public): SimStatus */
  status: '/eem-service/v1/sim/status',
} as const;
