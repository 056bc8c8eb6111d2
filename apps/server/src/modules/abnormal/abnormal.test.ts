import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABNORMAL_API as API, EVENT_API, LOG_TYPE, permissionId, type AbnormalEvaluation, type AbnormalFindingRecord, type AbnormalResults, type AbnormalRule, type EventRecord, type WasteAnalysis } from '@ems/contract';
import { json, loginAs, startSimulated, STORES, type TestApp, type TestStore } from '../../test/helpers.js';
import type { Session } from '../../context.js';
import { backgroundHealth } from '../project/background-health.js';
import { abnormalPass } from './background.js';
import { DEMO_WATER_PRICE } from './demo-rules.js';
import { createRule, removeRule, updateRule } from './service.js';

const H = 3_600_000;
const DAY = 86_400_000;
/** Pinned clock: Wednesday 2026-07-15 15:00 Asia/Shanghai. */
const NOW = Date.UTC(2026, 6, 15, 7, 0);
/** Asia/Shanghai local midnight of the day `n` days before NOW's */
const dayStart = (n: number) => Date.UTC(2026, 6, 15 - n, -8);
/** the planted faults (demo-plant.ts): the leak from the local start of 21 days back, 1.2 m³/h; the spike 5 days back 14:30 (E-PRESS1: the interval ending then); the reset 4 days back 10:07 (W-CLEAN) */
const LEAK_FROM = dayStart(21);
const SPIKE = dayStart(5) + 14.25 * H;
const RESET_INTERVAL = dayStart(4) + 10 * H;

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`abnormal consumption on the demo factory (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let cloud: Record<string, string>;
    let plant: Record<string, string>;
    let projectId: number;
    let code: Map<string, number>;
    let rules: AbnormalRule[];
    const en = (h: Record<string, string>) => ({ ...h, 'accept-language': 'en-US' });
    const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
      t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) }).then((r) => json<T>(r));
    const rule = (name: string) => rules.find((r) => r.name === name) as AbnormalRule;
    const range = { startTime: dayStart(29), endTime: NOW };
    const findingsOf = async (ruleId: number) => (await call<AbnormalFindingRecord[]>('POST', API.findings, { projectId, ruleId, ...range, limit: 1000 })).data;
    let first: AbnormalEvaluation;
    let nightEventId: number;

    beforeAll(async () => {
      ({ store, t } = await startSimulated(kind, NOW, { days: 30, instantDays: 0 }));
      const nodes = await t.app.ems.db.selectFrom('node').select(['id', 'code', 'project_id']).execute();
      code = new Map(nodes.filter((n) => n.code).map((n) => [n.code as string, Number(n.id)]));
      projectId = Number(nodes.find((n) => n.code === 'W-TOILET')?.project_id);
      admin = { ...(await loginAs(t.app, store.clock, 'pf_admin')).headers, projectid: String(projectId) };
      cloud = { ...(await loginAs(t.app, store.clock, 'fw_cloud')).headers, projectid: String(projectId) };
      plant = { ...(await loginAs(t.app, store.clock, 'fw_plant')).headers, projectid: String(projectId) };
      rules = (await call<AbnormalRule[]>('GET', `${API.rules}?projectId=${projectId}`)).data;
      // the live engine's first check judged last night only: stop it and start from no event, as the history would
      await t.app.events.idle();
      await t.app.events.close();
      await t.app.ems.db.withTables<{ event: { id: number } }>().deleteFrom('event').execute();
      // the night-use algorithm's 703 on the toilets as the event history raises it: one event for the whole leak, still active
      const alg = await t.app.ems.db
        .withTables<{ event_algorithm: { id: number; project_id: number; kind: string } }>()
        .selectFrom('event_algorithm')
        .select('id')
        .where('project_id', '=', projectId)
        .where('kind', '=', 'baseLoad')
        .executeTakeFirstOrThrow();
      const ev = await t.app.ems.db
        .withTables<{ event: Record<string, unknown> }>()
        .insertInto('event')
        .values({
          project_id: projectId,
          algorithm_id: Number(alg.id),
          log_type: 703,
          event_class: 2,
          event_type: 1,
          level: 2,
          status: 0,
          confirm_state: 1,
          node_id: code.get('W-TOILET'),
          model_label: 'meter',
          device_id: code.get('W-TOILET'),
          data_id: 13,
          quantity: 'nightUse',
          value: 1.25,
          limit_value: 0.5,
          start_time: LEAK_FROM,
          message_zh: '卫生间夜间用水',
          message_en: 'toilets at night',
          active_key: 'alg:test:703',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      nightEventId = Number(ev.id);
      first = (await call<AbnormalEvaluation>('POST', API.evaluate, { projectId, ...range })).data;
    }, 240_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('seeds the demo rules of the three kinds on the planted meters', () => {
      expect(rules.map((r) => [r.kind, r.meters.map((m) => m.id)])).toEqual([
        ['period', [code.get('W-TOILET')]],
        ['percent', [code.get('E-PRESS1'), code.get('E-PRESS2')]],
        ['percent', [code.get('W-CLEAN')]],
        ['usage', [code.get('E-OFFICE')]],
      ]);
      expect(rule('卫生间夜间用水').meters[0]?.unit).toBe('m3');
      expect(first.rules).toBe(4);
      expect(first.created).toBeGreaterThan(0);
    });

    it('finds the night leak every night from its first, as waste in m³ and ¥ at the demo water price', async () => {
      const list = (await findingsOf(rule('卫生间夜间用水').id)).sort((a, b) => a.start - b.start);
      const nights = Array.from({ length: 22 }, (_, i) => dayStart(21 - i));
      expect(list.map((f) => f.start)).toEqual(nights);
      for (const f of list) {
        expect(f.end).toBe(f.start + 5 * H);
        expect(f.meterId).toBe(code.get('W-TOILET'));
        // 5 h of 1.2 m³/h ± 10 % over a normal night use of about 0.05 m³/h, less the limit 0.1 m³/h
        expect(f.excess).toBeGreaterThan(5 * (1.2 * 0.9 - 0.1));
        expect(f.excess).toBeLessThan(5 * (1.2 * 1.1 + 0.1));
        expect(Math.abs((f.fen as number) - f.excess * DEMO_WATER_PRICE * 100)).toBeLessThanOrEqual(0.5);
      }
      const total = list.reduce((a, f) => a + f.excess, 0);
      // 22 nights of about 5.5 m³: ¥600 or so
      expect(total).toBeGreaterThan(22 * 5 * 0.98);
      const res = (await call<AbnormalResults>('POST', API.results, { projectId, ruleId: rule('卫生间夜间用水').id, ...range })).data;
      expect(res.totals.findings).toBe(22);
      expect(res.totals.excess).toBeCloseTo(total, 6);
      expect(res.totals.fen).toBe(list.reduce((a, f) => a + (f.fen as number), 0));
      expect(res.spans.map((s) => s.start)).toEqual(nights);
      expect(res.days.map((d) => d.date)).toHaveLength(22);
      expect(res.days.reduce((a, d) => a + d.excess, 0)).toBeCloseTo(total, 6);
      // the chart: hourly buckets up to now (15:00 today)
      expect(res.bucket).toBe('hour');
      expect(res.series.length).toBe(29 * 24 + 15);
      const leakHour = res.series.find((s) => s.start === dayStart(3) + 2 * H);
      expect(leakHour?.expected).toBeCloseTo(0.1, 9);
      expect(leakHour?.actual).toBeGreaterThan(1);
    });

    it('the leak joins the night-use algorithm 703 event it overlaps: that one event carries the whole waste, with no second event', async () => {
      const list = await findingsOf(rule('卫生间夜间用水').id);
      expect(new Set(list.map((f) => f.eventId))).toEqual(new Set([nightEventId]));
      const events = (await call<EventRecord[]>('POST', EVENT_API.query, { ...range, logTypes: [LOG_TYPE.abnormal], deviceId: code.get('W-TOILET') })).data;
      expect(events.map((e) => e.id)).toEqual([nightEventId]);
      expect(events[0]?.wasteAmount).toBeCloseTo(
        list.reduce((a, f) => a + f.excess, 0),
        6,
      );
      expect(events[0]?.wasteFen).toBe(list.reduce((a, f) => a + (f.fen as number), 0));
      expect(events[0]?.wasteUnit).toBe('m3');
    });

    it('evaluating the same period again finds the same and raises nothing twice', async () => {
      const before = (await call<EventRecord[]>('POST', EVENT_API.query, { ...range, logTypes: [LOG_TYPE.abnormal] })).total;
      const again = (await call<AbnormalEvaluation>('POST', API.evaluate, { projectId, ...range })).data;
      expect(again).toEqual({ rules: 4, created: 0, updated: 0, events: 0 });
      expect((await call<EventRecord[]>('POST', EVENT_API.query, { ...range, logTypes: [LOG_TYPE.abnormal] })).total).toBe(before);
      // a narrower range inside: nothing new either
      const inner = (await call<AbnormalEvaluation>('POST', API.evaluate, { projectId, startTime: dayStart(10), endTime: dayStart(3) })).data;
      expect(inner.created).toBe(0);
      // a stored run whose start moved (late data) is the same finding: updated, not raised again
      const moved = (await findingsOf(rule('卫生间夜间用水').id)).find((f) => f.start === dayStart(5)) as AbnormalFindingRecord;
      const findings = t.app.ems.db.withTables<{ abnormal_finding: { id: number; start_time: number; excess: number } }>();
      await findings.updateTable('abnormal_finding').set({ start_time: moved.start + 900_000, excess: 1 }).where('id', '=', moved.id).execute();
      const late = (await call<AbnormalEvaluation>('POST', API.evaluate, { projectId, ruleId: rule('卫生间夜间用水').id, ...range })).data;
      expect(late).toEqual({ rules: 1, created: 0, updated: 1, events: 0 });
      await findings.updateTable('abnormal_finding').set({ start_time: moved.start }).where('id', '=', moved.id).execute();
      expect((await findingsOf(rule('卫生间夜间用水').id)).find((f) => f.id === moved.id)?.excess).toBeCloseTo(moved.excess, 9);
      // a finding stored shorter (its run cut by the range's end then) grows, and so does its own event: end, excess, text
      const press = (await findingsOf(rule('冲压线用电偏差').id))[0] as AbnormalFindingRecord;
      await findings.updateTable('abnormal_finding').set({ excess: 0 }).where('id', '=', press.id).execute();
      await t.app.ems.db.withTables<{ event: { id: number; end_time: number; value: number } }>().updateTable('event').set({ end_time: press.end - 900_000, value: 0 }).where('id', '=', press.eventId as number).execute();
      expect((await call<AbnormalEvaluation>('POST', API.evaluate, { projectId, ruleId: rule('冲压线用电偏差').id, ...range })).data).toMatchObject({ created: 0, updated: 1, events: 0 });
      const ev = (await call<EventRecord[]>('POST', EVENT_API.query, { ...range, logTypes: [LOG_TYPE.abnormal], page: { index: 0, limit: 1000 } })).data.find((e) => e.id === press.eventId) as EventRecord;
      expect([ev.endTime, ev.value, ev.wasteAmount]).toEqual([press.end, press.excess, press.excess]);
      expect(ev.message).toContain(`浪费 ${Math.round(press.excess * 100) / 100} kWh`);
    });

    it('the findings of other meters raise a 703 event each with their waste and ¥', async () => {
      const events = (await call<EventRecord[]>('POST', EVENT_API.query, { ...range, logTypes: [LOG_TYPE.abnormal], page: { index: 0, limit: 1000 } })).data.filter((e) => e.id !== nightEventId);
      const findings = [...(await findingsOf(rule('冲压线用电偏差').id)), ...(await findingsOf(rule('清洗用水偏差').id)), ...(await findingsOf(rule('办公楼月度用电定额').id))];
      expect(events.length).toBe(findings.length);
      for (const f of findings) {
        const e = events.find((x) => x.id === f.eventId) as EventRecord;
        expect(e.wasteAmount).toBeCloseTo(f.excess, 9);
        expect(e.wasteFen).toBe(f.fen);
        expect([e.startTime, e.endTime]).toEqual([f.start, f.end]);
      }
    });

    it('the spike (suspect) and the meter reset are flagged, never judged and never waste', async () => {
      const press = (await call<AbnormalResults>('POST', API.results, { projectId, ruleId: rule('冲压线用电偏差').id, meterId: code.get('E-PRESS1'), startTime: dayStart(5), endTime: dayStart(5) })).data;
      expect(press.flagged).toEqual([{ start: SPIKE, status: 3, value: expect.any(Number) }]);
      expect(press.flagged[0]?.value).toBeGreaterThan(60);
      expect(press.series.find((s) => s.start === SPIKE)?.actual).toBeNull();
      expect(press.bucket).toBe('15m');
      const clean = (await call<AbnormalResults>('POST', API.results, { projectId, ruleId: rule('清洗用水偏差').id, startTime: dayStart(4), endTime: dayStart(4) })).data;
      expect(clean.flagged.map((f) => [f.start, f.status])).toEqual([[RESET_INTERVAL, 4]]);
      for (const [r, at] of [
        [rule('冲压线用电偏差'), SPIKE],
        [rule('清洗用水偏差'), RESET_INTERVAL],
      ] as const)
        for (const f of await findingsOf(r.id)) expect(f.start <= at && at < f.end).toBe(false);
      // nor inside a span of the chart (a flagged interval breaks a run)
      for (const sp of press.spans) expect(sp.start <= SPIKE && SPIKE < sp.end).toBe(false);
      for (const sp of clean.spans) expect(sp.start <= RESET_INTERVAL && RESET_INTERVAL < sp.end).toBe(false);
    });

    it('wasteAnalysis ranks the meters by the ¥ of their findings', async () => {
      const w = (await call<WasteAnalysis>('POST', API.wasteAnalysis, { projectId, ...range })).data;
      const toilet = w.list.find((x) => x.nodeId === code.get('W-TOILET'));
      const leak = await findingsOf(rule('卫生间夜间用水').id);
      expect(toilet).toMatchObject({ unit: 'm3', findings: 22, fen: leak.reduce((a, f) => a + (f.fen as number), 0) });
      for (let i = 1; i < w.list.length; i++) expect((w.list[i - 1] as { fen: number }).fen).toBeGreaterThanOrEqual((w.list[i] as { fen: number }).fen);
      expect(w.list.map((x) => x.rank)).toEqual(w.list.map((_, i) => i + 1));
      expect(w.totalFen).toBe(w.list.reduce((a, x) => a + x.fen, 0));
    });

    it('a finding is acknowledged then closed (overstandard_update: the project manager holds it); the plant operator without it is refused', async () => {
      const f = (await findingsOf(rule('卫生间夜间用水').id))[0] as AbnormalFindingRecord;
      const url = API.findingStatus.replace(':id', String(f.id));
      expect((await call<AbnormalFindingRecord>('PUT', url, { status: 'acknowledged' })).data).toMatchObject({ status: 'acknowledged', statusUser: 'pf_admin' });
      expect((await call<AbnormalFindingRecord>('PUT', url, { status: 'closed' }, cloud)).data).toMatchObject({ status: 'closed', statusUser: 'fw_cloud' });
      const refused = await call('PUT', url, { status: 'open' }, en(plant));
      expect([refused.status, refused.msg]).toEqual([404, 'no operation permission']);
      expect((await call<AbnormalFindingRecord[]>('POST', API.findings, { projectId, status: 'closed', ...range })).data.map((x) => x.id)).toEqual([f.id]);
      const bad = await call('PUT', url, { status: 'gone' }, en(admin));
      expect(bad.status).toBe(400);
    });

    it('creates, edits and deletes a rule under its kind permission, audited; without the page or the kind permission: refused', async () => {
      const body = { projectId, kind: 'percent', name: '注塑机偏差', meterIds: [code.get('E-INJ')], params: { warnPct: 30, alarmPct: 60 }, enabled: true };
      const created = await call<AbnormalRule>('POST', API.create, body);
      expect(created.data).toMatchObject({ kind: 'percent', name: '注塑机偏差', level: 'alarm', minDurationMin: 15, evaluatedTo: 0 });
      const id = created.data.id;
      expect((await call<AbnormalRule[]>('GET', `${API.rules}?projectId=${projectId}&kind=percent`, undefined, cloud)).data.map((r) => r.name)).toContain('注塑机偏差');
      expect((await call('POST', API.create, { ...body, name: 'other' }, plant)).status).toBe(404);
      expect((await call('DELETE', API.remove.replace(':id', String(id)), undefined, plant)).status).toBe(404);
      expect((await call('GET', `${API.rules}?projectId=${projectId}`, undefined, plant)).status).toBe(404);
      // a role holding the percent rule's permissions only may not write a period rule, nor delete one
      const only = (names: string[]): Session => ({ userId: 99, name: 'only', tenantId: 1, usertype: 3, isRoot: false, tokenHash: '', permissionIds: new Set(names.map((n) => permissionId(n) as number)), projectIds: [projectId] });
      const percentOnly = only(['page_useException', 'percent_rule_update', 'percent_rule_delete']);
      const period = { ...body, meterIds: [code.get('E-INJ') as number], kind: 'period' as const, name: 'night', params: { nights: [{ start: '22:00', end: '06:00' }], limitPerHour: 1 } };
      await expect(createRule(t.app.ems, 'en', [projectId], percentOnly, period)).rejects.toMatchObject({ status: 404, messageKey: 'noPermission' });
      await expect(removeRule(t.app.ems, [projectId], percentOnly, rule('卫生间夜间用水').id)).rejects.toMatchObject({ status: 404 });
      await expect(updateRule(t.app.ems, 'en', [projectId], percentOnly, id, period)).rejects.toMatchObject({ status: 404 });
      const byCloud = await call<AbnormalRule>('POST', API.create, { ...period, name: 'night by the project manager' }, cloud);
      expect(byCloud.data.kind).toBe('period');
      expect((await call<number>('DELETE', API.remove.replace(':id', String(byCloud.data.id)), undefined, cloud)).data).toBe(byCloud.data.id);
      const edited = await call<AbnormalRule>('PUT', API.update.replace(':id', String(id)), { ...body, params: { warnPct: 25, alarmPct: 50 }, minDurationMin: 30 });
      expect(edited.data).toMatchObject({ params: { warnPct: 25, alarmPct: 50 }, minDurationMin: 30 });
      expect((await call('POST', API.create, body)).status).toBe(409);
      expect((await call<number>('DELETE', API.remove.replace(':id', String(id)))).data).toBe(id);
      expect((await call('GET', `${API.rules}?projectId=${projectId}`)).data).not.toContainEqual(expect.objectContaining({ id }));
      const audit = await t.app.ems.db.selectFrom('audit_log').select(['action', 'target_type']).where('target_type', '=', 'abnormalRule').where('target_id', '=', id).orderBy('id').execute();
      expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    });

    it('bad input: 400 naming the field in the request language', async () => {
      const base = { projectId, kind: 'percent', name: 'x', meterIds: [code.get('E-INJ')], params: {}, enabled: true };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ params: { warnPct: 50, alarmPct: 20 } }, 'params.alarmPct', 'the alarm level is below the warning level'],
        [{ params: { quota: 5 } }, 'params.quota', 'quota does not apply to a percent rule'],
        [{ kind: 'period', params: { nights: [{ start: '22:00', end: '06:00' }] } }, 'params.limitPerHour', 'set a limit per hour or per window, or a base-load ratio'],
        [{ kind: 'period', params: { limitPerHour: 1 } }, 'params.nights', 'set at least one non-working period (nights, weekend days, holidays or breaks)'],
        [{ kind: 'period', params: { nights: [{ start: '25:00', end: '06:00' }], limitPerHour: 1 } }, 'params.nights[0].start', 'the time must be HH:mm'],
        [{ kind: 'usage', params: {} }, 'params.quota', 'set the quota'],
        [{ meterIds: [code.get('P1-ENV-SUB')] }, 'meterIds[0]', `node ${code.get('P1-ENV-SUB')} is not a meter of the project`],
        [{ minDurationMin: 20 }, 'minDurationMin', 'the minimum duration must be a multiple of 15 minutes'],
      ];
      for (const [patch, field, reason] of cases) {
        const r = await call('POST', API.create, { ...base, ...patch }, en(admin));
        expect(r.status).toBe(400);
        expect(r.code).not.toBe(0);
        expect(r.msg).toBe(`invalid field ${field}: ${reason}`);
      }
      const zh = await call('POST', API.create, { ...base, params: { warnPct: 50, alarmPct: 20 } });
      expect(zh.msg).toBe('参数 params.alarmPct 不合法：报警阈值不能低于预警阈值');
      const reversed = await call('POST', API.results, { projectId, ruleId: rule('卫生间夜间用水').id, startTime: NOW, endTime: NOW - DAY }, en(admin));
      expect([reversed.status, reversed.msg]).toEqual([400, 'invalid field endTime: ends before it starts']);
      const schema = await call('POST', API.create, { ...base, kind: 'other' }, en(admin));
      expect(schema.status).toBe(400);
    });

    it('the background pass goes on from where each rule got to; a project that fails stops no other', async () => {
      const db = t.app.ems.db;
      const other = Number((await db.selectFrom('project').select('id').where('id', '!=', projectId).orderBy('id').executeTakeFirstOrThrow()).id);
      const meter = (await db.selectFrom('node').select('id').where('project_id', '=', other).where('model_label', '=', 'meter').executeTakeFirstOrThrow()).id;
      await db
        .withTables<{ abnormal_rule: Record<string, unknown> }>()
        .insertInto('abnormal_rule')
        .values({ project_id: other, kind: 'percent', name: 'broken zone', meter_ids: JSON.stringify([Number(meter)]), params: '{}', level: 'alarm', min_duration_min: 15, enabled: 1, description: '', evaluated_to: 0, update_time: NOW })
        .execute();
      await db.updateTable('project').set({ timezone: 'Mars/Olympus' }).where('id', '=', other).execute();
      const leakBefore = (await findingsOf(rule('卫生间夜间用水').id)).length;
      // a new rule on the toilets, never evaluated: the pass looks back 35 days and finds the leak again, for this rule
      const created = await call<AbnormalRule>('POST', API.create, { projectId, kind: 'period', name: '卫生间夜间用水2', meterIds: [code.get('W-TOILET')], params: { nights: [{ start: '01:00', end: '04:00' }], limitPerHour: 0.2, unitPrice: 5 }, minDurationMin: 60, enabled: true });
      // before any evaluation the results already show its findings, not stored yet (id 0, open, no event)
      const fresh = (await call<AbnormalResults>('POST', API.results, { projectId, ruleId: created.data.id, ...range })).data;
      expect(fresh.findings).toHaveLength(22);
      expect(fresh.findings.every((f) => f.id === 0 && f.status === 'open' && f.eventId === null && (f.fen as number) > 0)).toBe(true);
      expect(fresh.totals.fen).toBe(fresh.findings.reduce((a, f) => a + (f.fen as number), 0));
      // while the event history replays the project's past, the project waits (the night-use events are not all there yet)
      const hist = db.withTables<{ event_history: Record<string, unknown> }>();
      await hist.insertInto('event_history').values({ project_id: projectId, from_ts: NOW - 30 * DAY, to_ts: NOW, done_to: NOW - 10 * DAY, state: null, finished_at: null, error: null, updated_at: NOW - 60_000 }).execute();
      await abnormalPass(t.app.ems);
      expect(await findingsOf(created.data.id)).toEqual([]);
      await hist.updateTable('event_history').set({ finished_at: NOW }).where('project_id', '=', projectId).execute();
      await abnormalPass(t.app.ems);
      const health = backgroundHealth(t.app.ems).list([projectId, other]).filter((h) => h.pass === 'abnormalChecks');
      expect(health.find((h) => h.projectId === other)).toMatchObject({ failing: true });
      expect(health.find((h) => h.projectId === projectId)).toMatchObject({ failing: false });
      expect((await findingsOf(created.data.id)).length).toBe(22);
      const stored = (await call<AbnormalResults>('POST', API.results, { projectId, ruleId: created.data.id, ...range })).data;
      expect(stored.findings.every((f) => f.id > 0 && f.eventId !== null)).toBe(true);
      expect(stored.findings.map((f) => [f.start, f.fen])).toEqual(fresh.findings.map((f) => [f.start, f.fen]));
      expect((await findingsOf(rule('卫生间夜间用水').id)).length).toBe(leakBefore);
      const rulesNow = (await call<AbnormalRule[]>('GET', `${API.rules}?projectId=${projectId}`)).data;
      for (const r of rulesNow.filter((x) => x.enabled)) expect(r.evaluatedTo).toBe(NOW);
      await db.updateTable('project').set({ timezone: 'Asia/Shanghai' }).where('id', '=', other).execute();
    });

    it('a period rule by base-load ratio: the leak nights lift the toilets\' min / mean from about 4 % to 47 %; each working day above 30 % is a finding with (min − 30 % × mean) wasted in each of its intervals', async () => {
      // weekends and the Dragon Boat holiday (Friday 19 June, the plant at rest: min / mean 96 %) are not working days
      const params = { baseLoadRatioPct: 30, weekendDays: [0, 6], unitPrice: DEMO_WATER_PRICE };
      const created = await call<AbnormalRule>('POST', API.create, { projectId, kind: 'period', name: '卫生间基荷率', meterIds: [code.get('W-TOILET')], params: { ...params, holidays: ['2026-06-19'] }, enabled: false });
      expect(created.data.params).toEqual({ ...params, holidays: ['2026-06-19'] });
      const res = (await call<AbnormalResults>('POST', API.results, { projectId, ruleId: created.data.id, ...range })).data;
      const days = res.baseLoad?.days ?? [];
      expect(res.baseLoad?.maxRatioPct).toBe(30);
      expect(days.map((d) => d.date)).not.toContain('2026-06-19');
      // weekdays only, none before the leak above the ratio, every one after it
      const leakDate = new Date(LEAK_FROM + 8 * H).toISOString().slice(0, 10);
      expect(days.length).toBeGreaterThan(15);
      for (const d of days) {
        expect([0, 6]).not.toContain(new Date(`${d.date}T00:00:00Z`).getUTCDay());
        expect(d.abnormal).toBe(d.date >= leakDate);
        expect(d.ratioPct).toBeCloseTo((d.min / d.mean) * 100, 9);
      }
      const abnormal = days.filter((d) => d.abnormal);
      expect(res.findings.map((f) => new Date(f.start + 8 * H).toISOString().slice(0, 10)).sort()).toEqual(abnormal.map((d) => d.date));
      for (const f of res.findings) {
        const d = abnormal.find((x) => x.date === new Date(f.start + 8 * H).toISOString().slice(0, 10)) as (typeof abnormal)[number];
        const intervals = Math.round((f.end - f.start) / 900_000);
        expect(f.excess).toBeCloseTo((d.min - 0.3 * d.mean) * intervals, 6);
        expect(f.actual - f.expected).toBeCloseTo(f.excess, 6);
        expect(Math.abs((f.fen as number) - f.excess * DEMO_WATER_PRICE * 100)).toBeLessThanOrEqual(0.5);
      }
      // evaluated (the rule is disabled: named, it is judged anyway): stored, joined to the night-use event of the leak
      const ev = (await call<AbnormalEvaluation>('POST', API.evaluate, { projectId, ruleId: created.data.id, ...range })).data;
      expect(ev.created).toBe(res.findings.length);
      const stored = await findingsOf(created.data.id);
      expect(stored.map((f) => f.start).sort()).toEqual(res.findings.map((f) => f.start).sort());
      expect(stored.every((f) => f.kind === 'period' && f.eventId === nightEventId)).toBe(true);
    });

    it('a percent rule with the regression baseline: no baseline (nor finding) while fewer than 14 past days are there, then the day predicted from the weather station and the production counters', async () => {
      const created = await call<AbnormalRule>('POST', API.create, { projectId, kind: 'percent', name: '冲压线回归基线', meterIds: [code.get('E-PRESS1')], params: { baseline: 'regression', warnPct: 10, alarmPct: 30 }, enabled: false });
      expect(created.data.params.baseline).toBe('regression');
      const res = (await call<AbnormalResults>('POST', API.results, { projectId, ruleId: created.data.id, ...range })).data;
      const r = res.regression;
      expect(r).toMatchObject({ weather: true, production: true });
      // the history starts 30 days back: the first days of the range have too few past days
      expect(r?.gaps.tooFewDays).toBeGreaterThan(0);
      expect(r?.gaps.noDrivers).toBe(0);
      // today, still running, has no day's production yet: no baseline until it has
      expect(r?.gaps.noDayDrivers).toBe(1);
      expect((r?.fittedDays ?? 0) + (r?.gaps.tooFewDays ?? 0) + (r?.gaps.noDayDrivers ?? 0)).toBe(30);
      expect(r?.fittedDays).toBeGreaterThan(0);
      expect(r?.model?.n).toBeGreaterThanOrEqual(14);
      const firstFitted = dayStart(29) + (r?.gaps.tooFewDays ?? 0) * DAY;
      expect(res.series.filter((b) => b.start < firstFitted).every((b) => b.expected === null)).toBe(true);
      expect(res.series.filter((b) => b.start >= firstFitted && b.actual !== null).some((b) => b.expected !== null)).toBe(true);
      expect(res.findings.every((f) => f.start >= firstFitted)).toBe(true);
      const ev = (await call<AbnormalEvaluation>('POST', API.evaluate, { projectId, ruleId: created.data.id, ...range })).data;
      expect(ev.created).toBe(res.findings.length);
      // a weekday rule stays as it was: no regression summary
      const weekday = (await call<AbnormalResults>('POST', API.results, { projectId, ruleId: rule('冲压线用电偏差').id, ...range })).data;
      expect(weekday.regression).toBeUndefined();
    });

    it('the two options are checked: 400 naming the field, nothing saved', async () => {
      const before = (await call<AbnormalRule[]>('GET', `${API.rules}?projectId=${projectId}`)).data.length;
      const base = { projectId, name: 'opt', meterIds: [code.get('E-INJ')], enabled: true };
      const cases: [Record<string, unknown>, string, string | null][] = [
        [{ kind: 'percent', params: { baseLoadRatioPct: 30 } }, 'params.baseLoadRatioPct', 'baseLoadRatioPct does not apply to a percent rule'],
        [{ kind: 'usage', params: { quota: 5, baseLoadRatioPct: 30 } }, 'params.baseLoadRatioPct', 'baseLoadRatioPct does not apply to a usage rule'],
        [{ kind: 'period', params: { baseline: 'regression', baseLoadRatioPct: 30 } }, 'params.baseline', 'baseline does not apply to a period rule'],
        [{ kind: 'period', params: { baseLoadRatioPct: 30, nights: [{ start: '22:00', end: '06:00' }], limitPerHour: 1 } }, 'params.baseLoadRatioPct', 'set either the base-load ratio or the limits (the same kWh would count twice as waste); make a second rule for the other'],
        [{ kind: 'period', params: { baseLoadRatioPct: 0 } }, 'params.baseLoadRatioPct', null],
        [{ kind: 'period', params: { baseLoadRatioPct: 101 } }, 'params.baseLoadRatioPct', null],
        [{ kind: 'percent', params: { baseline: 'regression', weeks: 1 } }, 'params.weeks', 'the regression baseline needs at least 2 weeks'],
        [{ kind: 'percent', params: { baseline: 'linear' } }, 'params.baseline', null],
      ];
      for (const [patch, field, reason] of cases) {
        const r = await call('POST', API.create, { ...base, ...patch }, en(admin));
        expect(r.status).toBe(400);
        expect(r.msg).toContain(`invalid field ${field}`);
        if (reason) expect(r.msg).toBe(`invalid field ${field}: ${reason}`);
      }
      const zh = await call('POST', API.create, { ...base, kind: 'percent', params: { baseline: 'regression', weeks: 1 } });
      expect(zh.msg).toBe('参数 params.weeks 不合法：回归基线至少需要2周历史');
      expect((await call<AbnormalRule[]>('GET', `${API.rules}?projectId=${projectId}`)).data.length).toBe(before);
    });

    it('a foreign project or rule is answered as not permitted', async () => {
      const other = await call('GET', `${API.rules}?projectId=999`);
      expect(other.status).toBe(404);
    });
  });
}
