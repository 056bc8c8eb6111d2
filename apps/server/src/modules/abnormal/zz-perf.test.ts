import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { DATA_ID } from '@ems/contract';
import { startAt, type TestApp, type TestStore } from '../../test/helpers.js';
import { evaluateMeter, projectCtx, readFrom } from './evaluate.js';
import { abnormalRepository, type RuleRow } from './repository.js';

/**
 * Bench (PERF=1, PERF_STORE=sqlite|postgres): the weekday-baseline evaluation of a year for every
 * electricity meter of the demo factory against the raw SQL that reads its inputs (the 15-min rollups
 * of the year and the 4 weeks before, one statement). The lead's bar: within 3×.
 */
let store: TestStore;
let t: TestApp;
afterAll(async () => {
  await t?.app.close();
  await store?.dispose();
});
const DAY = 86_400_000;
it.skipIf(!process.env.PERF)(
  'perf: a year of the weekday baseline for the demo factory within 3x its raw input SQL',
  async () => {
    const kind = (process.env.PERF_STORE ?? 'sqlite') as 'sqlite' | 'postgres';
    const to = Date.UTC(2026, 0, 1, -8);
    ({ store, t } = await startAt(kind, to, { sim: false }));
    const db = t.app.ems.db;
    const projectId = Number((await db.selectFrom('node').select('project_id').where('code', '=', 'W-TOILET').executeTakeFirstOrThrow()).project_id);
    const repo = abnormalRepository(db);
    const meters = (await repo.nodes(projectId)).filter((n) => n.energyType === 2).map((n) => n.id);
    const from = Date.UTC(2025, 0, 1, -8);
    const rule: RuleRow = { id: 0, projectId, kind: 'percent', name: 'bench', meterIds: meters, params: { warnPct: 20, alarmPct: 40, weeks: 4 }, level: 'alarm', minDurationMin: 15, enabled: true, description: '', evaluatedTo: 0, updateTime: 0 };
    const lo = readFrom(rule, from, 'Asia/Shanghai');
    for (const id of meters) {
      const rows: string[] = [];
      for (let s = lo; s < to; s += 900_000) {
        const h = new Date(s + 8 * 3_600_000).getUTCHours();
        // a working-day profile with a little noise; every 10th day from 10:00 to 14:00 a load left on (+80 %)
        const extra = Math.floor((s - lo) / DAY) % 10 === 9 && h >= 10 && h < 14 ? 1.8 : 1;
        rows.push(`(${id}, ${DATA_ID.activeEnergyImport}, ${s}, ${(h >= 8 && h < 20 ? 10 : 2) * (0.95 + (0.1 * ((s / 900_000) % 7)) / 7) * extra}, 0, 1, 1)`);
      }
      for (let i = 0; i < rows.length; i += 5000) await sql.raw(`insert into rollup_15m (device_id, data_id, bucket_start, value, quality, n_intervals, n_good) values ${rows.slice(i, i + 5000).join(',')}`).execute(db);
    }
    const list = sql.join(meters.map((d) => sql.lit(d)));
    const raw = async () => {
      const a = performance.now();
      const r = await sql`select device_id, data_id, bucket_start, value, quality from rollup_15m where device_id in (${list}) and data_id in (${DATA_ID.activeEnergyImport}) and bucket_start >= ${lo} and bucket_start < ${to}`.execute(db);
      return { ms: performance.now() - a, rows: r.rows.length };
    };
    const ctx = await projectCtx(t.app.ems, { id: projectId, timezone: 'Asia/Shanghai' });
    const evaluate = async () => {
      const a = performance.now();
      const series = await repo.rollups(
        meters.map((m) => ({ deviceId: m, dataId: DATA_ID.activeEnergyImport })),
        lo,
        to,
      );
      const c = performance.now();
      let findings = 0;
      for (const m of meters) findings += evaluateMeter(rule, series.get(`${m}:${DATA_ID.activeEnergyImport}`) ?? [], from, to, ctx.timezone, to).findings.length;
      console.log(`read ${Math.round(c - a)} judge ${Math.round(performance.now() - c)}`);
      return { ms: performance.now() - a, findings };
    };
    await raw();
    await evaluate();
    const r = await raw();
    const e = await evaluate();
    console.log(`abnormal perf (${kind}): ${meters.length} meters, ${r.rows} rows; raw SQL ${Math.round(r.ms)} ms, evaluation ${Math.round(e.ms)} ms (${(e.ms / r.ms).toFixed(2)}x), ${e.findings} findings`);
    expect(e.ms).toBeLessThan(3 * r.ms);
  },
  900_000,
);
