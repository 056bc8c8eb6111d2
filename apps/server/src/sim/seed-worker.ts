/**
 * The seed's worker thread (entry of dist/seed-worker.js): builds the history's chunks from the same
 * plans as the simulator and writes them through the SQLite bulk writer on a connection of its own,
 * so the server's event loop keeps answering while the history arrives. Protocol: seed-thread.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DEMO_PROJECTS } from '../modules/seed/demo-data.js';
import { sqliteBulkWriter } from './bulk.js';
import { buildChunk, projectPlan } from './chunk.js';
import { CONTROL, type SeedWorkerInput, type SeedWorkerMessage } from './seed-thread.js';

async function seed(input: SeedWorkerInput): Promise<void> {
  const control = new Int32Array(input.control);
  const projects = input.projects.map((p) => {
    const demo = DEMO_PROJECTS.find((d) => d.name === p.name);
    if (!demo) throw new Error(`no demo project ${p.name}`);
    return { plan: projectPlan(demo, p.projectId, p.timeZone, new Map(p.ids), p.state), attrs: new Map(p.attrs) };
  });
  const writer = sqliteBulkWriter(input.file);
  try {
    for (const [i, job] of input.jobs.entries()) {
      if (Atomics.load(control, CONTROL.stop) !== 0) return;
      const project = projects[job.p];
      if (!project) throw new Error(`no project ${job.p}`);
      const chunk = buildChunk({ ...project, from: job.from, to: job.to, newest: job.newest }, input.opts);
      await writer.write(chunk, project.plan.timeZone, { projectId: project.plan.projectId, doneFrom: job.from, updatedAt: Date.now() });
      parentPort?.postMessage({ type: 'chunk', i, rows: chunk.readings.length } satisfies SeedWorkerMessage);
    }
  } finally {
    writer.close();
  }
}

seed(workerData as SeedWorkerInput).then(
  () => parentPort?.postMessage({ type: 'done' } satisfies SeedWorkerMessage),
  (err: unknown) => parentPort?.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies SeedWorkerMessage),
);
