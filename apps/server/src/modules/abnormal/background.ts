import type { FastifyInstance } from 'fastify';
import type { Ems } from '../../context.js';
import { backgroundHealth } from '../project/background-health.js';
import { DAY_MS, Q, evaluateRules, projectCtx } from './evaluate.js';
import { abnormalRepository } from './repository.js';

/** How often the background evaluates (ms): from where each rule got to, so a pass reads about a day (and a percent rule's 4 weeks before it). */
export const ABNORMAL_CHECK_MS = 60_000;
/** A rule never evaluated (new, or changed) looks back this far; later passes go on from where they got to, less a day. */
export const ABNORMAL_LOOKBACK_MS = 35 * DAY_MS;

/**
 * One background pass: each project with an enabled rule, one at a time, evaluates its rules from
 * where each got to (a day before it, so a window or run crossing it is judged whole; at most 35 days
 * back) up to now. A project whose event history is still replaying waits for the next pass. A project
 * that fails is logged in the background health and the others go on.
 */
export async function abnormalPass(ems: Ems, log: (msg: string) => void = () => undefined): Promise<void> {
  const repo = abnormalRepository(ems.db);
  const health = backgroundHealth(ems);
  const now = ems.config.now();
  for (const projectId of await repo.projectsWithRules()) {
    try {
      const project = await repo.project(projectId);
      if (!project) continue;
      // while the event history replays the project's past, its night-use events are not all there yet for the findings to join: wait
      if (await repo.historyRunning(projectId, now)) continue;
      const rules = (await repo.rules([projectId])).filter((r) => r.enabled);
      const ctx = await projectCtx(ems, project);
      const floor = Math.floor(now / Q) * Q - ABNORMAL_LOOKBACK_MS;
      // rules at the same point go together (one read of the rollups)
      const groups = new Map<number, typeof rules>();
      for (const r of rules) {
        const from = Math.max(floor, r.evaluatedTo - DAY_MS);
        groups.set(from, [...(groups.get(from) ?? []), r]);
      }
      for (const [from, list] of groups) await evaluateRules(ems, ctx, list, from, now);
      health.success(projectId, 'abnormalChecks');
    } catch (err) {
      health.failure(projectId, 'abnormalChecks', err, log);
    }
  }
}

/** While the demo's event history is not evaluated yet, how soon to look again (ms). */
const WAIT_MS = 5_000;

/**
 * Runs the pass a second after the app is ready, then every ABNORMAL_CHECK_MS; passes never overlap.
 * With the demo on, nothing is judged until the seeded history's events are evaluated (the night-use
 * algorithm's 703 are then there for the findings to join): until then it looks again every 5 s.
 * config.abnormalChecks false turns it off (the unit tests run abnormalPass by hand). Stops when the
 * app closes.
 */
export function registerAbnormalChecks(app: FastifyInstance): void {
  if (app.ems.config.abnormalChecks === false) return;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let running: Promise<void> = Promise.resolve();
  const schedule = (ms: number) => {
    if (closed) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    if (app.ems.config.demo && app.events.historyStatus().state !== 'done') return schedule(WAIT_MS);
    running = abnormalPass(app.ems, (m) => app.log.warn(`abnormal: ${m}`))
      .catch((err: unknown) => app.log.warn(`abnormal: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => schedule(ABNORMAL_CHECK_MS));
  };
  app.addHook('onReady', async () => schedule(1000));
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
