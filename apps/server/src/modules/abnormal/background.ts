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

/**
 * Runs the pass once the app is ready (after a second) and every ABNORMAL_CHECK_MS; passes never
 * overlap. With the demo on, nothing is judged until the seeded history's events are evaluated (the
 * night-use algorithm's 703 are then there for the findings to join); config.abnormalChecks false
 * turns it off (the unit tests run abnormalPass by hand). Stops when the app closes.
 */
export function registerAbnormalChecks(app: FastifyInstance): void {
  if (app.ems.config.abnormalChecks === false) return;
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    if (app.ems.config.demo && app.events.historyStatus().state !== 'done') return;
    running = abnormalPass(app.ems, (m) => app.log.warn(`abnormal: ${m}`))
      .catch((err: unknown) => app.log.warn(`abnormal: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    first = setTimeout(run, 1000);
    first.unref();
    timer = setInterval(run, ABNORMAL_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (first) clearTimeout(first);
    if (timer) clearInterval(timer);
    await running;
  });
}
