import { sql } from 'kysely';
import type { Ems } from '../context.js';

/** One row per demo project: the seed's fixed window and how far the history and the live feed got. */
export interface SimStateRow {
  projectId: number;
  seed: number;
  /** the simulator's "now" of the first start: faults and the window hang off it */
  plannedNow: number;
  /** oldest instant of the history */
  anchor: number;
  /** the history is written for ts ≥ doneFrom (plannedNow + 1: nothing yet) */
  doneFrom: number;
  /** newest reading sent */
  filledTo: number;
}

/** sim_state is the simulator's own table (created here, not by a migration: nothing else reads it). */
export async function ensureStateTable(ems: Ems): Promise<void> {
  await sql`create table if not exists sim_state (
    project_id integer primary key,
    seed integer not null,
    planned_now bigint not null,
    anchor bigint not null,
    done_from bigint not null,
    filled_to bigint not null,
    updated_at bigint not null
  )`.execute(ems.db);
}

export async function readState(ems: Ems, projectId: number): Promise<SimStateRow | undefined> {
  const r = await sql<{ seed: number; planned_now: number; anchor: number; done_from: number; filled_to: number }>`
    select seed, planned_now, anchor, done_from, filled_to from sim_state where project_id = ${projectId}`.execute(ems.db);
  const row = r.rows[0];
  if (!row) return undefined;
  return { projectId, seed: Number(row.seed), plannedNow: Number(row.planned_now), anchor: Number(row.anchor), doneFrom: Number(row.done_from), filledTo: Number(row.filled_to) };
}

export async function insertState(ems: Ems, s: SimStateRow): Promise<void> {
  await sql`insert into sim_state (project_id, seed, planned_now, anchor, done_from, filled_to, updated_at)
    values (${s.projectId}, ${s.seed}, ${s.plannedNow}, ${s.anchor}, ${s.doneFrom}, ${s.filledTo}, ${Date.now()})`.execute(ems.db);
}

export async function setFilledTo(ems: Ems, projectId: number, filledTo: number): Promise<void> {
  await sql`update sim_state set filled_to = ${filledTo}, updated_at = ${Date.now()} where project_id = ${projectId}`.execute(ems.db);
}
