import type { BackgroundHealth, BackgroundPass } from '@ems/contract';
import type { Ems } from '../../context.js';

/**
 * How each background pass fared per project on this instance (in memory, since the start): the
 * passes report every project's outcome here, administrators read it (GET projectBackgroundHealth).
 */
export interface BackgroundHealthLog {
  success(projectId: number, pass: BackgroundPass): void;
  /** counts the failure; logs it when the project was fine before or the error changed (not every 30 s) */
  failure(projectId: number, pass: BackgroundPass, err: unknown, log: (msg: string) => void): void;
  /** the records of these projects, by project and pass */
  list(projectIds: readonly number[]): BackgroundHealth[];
}

const logs = new WeakMap<Ems, BackgroundHealthLog>();

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** The app's log (one per Ems, made on first use). */
export function backgroundHealth(ems: Ems): BackgroundHealthLog {
  let h = logs.get(ems);
  if (!h) logs.set(ems, (h = createLog(() => ems.config.now())));
  return h;
}

function createLog(now: () => number): BackgroundHealthLog {
  const records = new Map<string, BackgroundHealth>();
  const recordOf = (projectId: number, pass: BackgroundPass) => {
    const key = `${projectId}:${pass}`;
    let r = records.get(key);
    if (!r) {
      r = { projectId, pass, failing: false, failures: 0, consecutiveFailures: 0, lastError: null, lastFailureTime: null, lastSuccessTime: null };
      records.set(key, r);
    }
    return r;
  };
  return {
    success(projectId, pass) {
      const r = recordOf(projectId, pass);
      r.failing = false;
      r.consecutiveFailures = 0;
      r.lastSuccessTime = now();
    },
    failure(projectId, pass, err, log) {
      const r = recordOf(projectId, pass);
      const message = messageOf(err);
      if (!r.failing || r.lastError !== message) log(`background ${pass}: project ${projectId} failed (the other projects go on): ${message}`);
      r.failing = true;
      r.failures++;
      r.consecutiveFailures++;
      r.lastError = message;
      r.lastFailureTime = now();
    },
    list(projectIds) {
      const wanted = new Set(projectIds);
      return [...records.values()].filter((r) => wanted.has(r.projectId)).sort((a, b) => a.projectId - b.projectId || a.pass.localeCompare(b.pass)).map((r) => ({ ...r }));
    },
  };
}
