import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_API as API, ErrorCode, REPORT_API, type EmailCheckResult, type EmailSendRecord, type EmailServer, type MailScheme, type MailSchemeOptions } from '@ems/contract';
import { STORES, createProject, createStore, insertNode, json, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { XLSX_HEADER_ROW } from '../report/export.js';
import { seatMailAdmin, startSmtp, writeCounting, type Smtp } from './test-smtp.js';

const H = 3_600_000;
const MIN = 60_000;
/** Asia/Shanghai wall-clock time → ms */
const at = (y: number, m: number, d: number, h = 0, mi = 0, s = 0) => Date.UTC(y, m - 1, d, h - 8, mi, s);
/** Thursday 2025-03-13 07:00 in Shanghai */
const START = at(2025, 3, 13, 7);

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`e-mail settings, schemes and sending (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let projectId: number;
    let otherProject: number;
    let adminId: number;
    let good: Smtp;
    let bad: Smtp;
    /** the project's daily report template (modules/report) */
    let tpl: number;
    let meter: number;
    /** the meter's kWh counter from `from` to `to` (not after the clock): 1 kWh per 15 min from 1000 at 11 March 00:00 */
    const readings = (from: number, to: number) => writeCounting(t.app, projectId, meter, at(2025, 3, 11), from, to);
    const en = () => ({ ...admin, 'accept-language': 'en-US' });
    const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin, app = t.app) =>
      app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) }).then((r) => json<T>(r));
    const server = (p: number, port: number, extra: Record<string, unknown> = {}) => ({
      projectId: p,
      host: '127.0.0.1',
      port,
      tlsMode: 'none',
      user: 'ems',
      password: 's3cret',
      fromAddress: 'ems@plant.example.com',
      fromName: 'EMS',
      ...extra,
    });
    const scheme = (p: number, extra: Record<string, unknown> = {}) => ({
      projectId: p,
      name: 'daily',
      enabled: true,
      recipients: { userIds: [], groupIds: [], addresses: ['ops@plant.example.com'] },
      reports: [],
      events: null,
      ...extra,
    });
    const log = async (p: number, app = t.app) => (await call<EmailSendRecord[]>('POST', API.sendLog, { projectId: p }, admin, app)).data;
    /** the clock moved on: a session of the new time */
    const relogin = async () => {
      admin = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
    };

    beforeAll(async () => {
      good = await startSmtp();
      bad = await startSmtp(true);
      store = await createStore(kind);
      store.clock.now = START;
      t = await startApp(store, { sim: false });
      ({ projectId, admin } = await createProject(t, store.clock, { name: '邮件工厂', enName: 'Mail plant', capacityKva: 1000, timezone: 'Asia/Shanghai' }));
      ({ projectId: otherProject } = await createProject(t, store.clock, { name: '故障工厂', enName: 'Broken plant', capacityKva: 1000, timezone: 'Asia/Shanghai' }));
      adminId = await seatMailAdmin(t.app, projectId);
      // one electricity meter counting 1 kWh per 15 min: 96 kWh a local day
      meter = await insertNode(t.app, { projectId, parentId: null, label: 'meter', name: '总进线', attrs: { energyType: 2 } });
      await readings(at(2025, 3, 11), START);
      const template = await call<{ id: number }>('POST', REPORT_API.create, { projectId, name: '日报', nodeId: projectId, modelLabel: 'project', energyType: 2, kind: 'daily', rows: 'children', sections: ['consumption'] });
      if (template.code !== 0) throw new Error(`template not created: ${JSON.stringify(template)}`);
      tpl = template.data.id;
    });
    afterAll(async () => {
      await t?.app.close();
      await good?.close();
      await bad?.close();
      await store?.dispose();
    });

    it('server settings: defaults, validation in the request language, the password stored encrypted and never returned', async () => {
      const empty = await call<EmailServer>('GET', `${API.server}?projectId=${projectId}`);
      expect(empty.data).toMatchObject({ configured: false, passwordSet: false, host: '' });

      const badHost = await call('PUT', API.saveServer, server(projectId, good.port, { host: 'smtp host!' }), en());
      expect([badHost.status, badHost.code, badHost.msg]).toEqual([400, ErrorCode.badRequest, 'invalid field host: must be a host name or an IP address']);
      const badFrom = await call('PUT', API.saveServer, server(projectId, good.port, { fromAddress: 'ems@@x' }));
      expect([badFrom.status, badFrom.msg]).toEqual([400, '参数 fromAddress 不合法：“ems@@x”不是有效的邮件地址']);
      const badTls = await call('PUT', API.saveServer, server(projectId, good.port, { tlsMode: 'ssl' }), en());
      expect(badTls.status).toBe(400);

      const saved = await call<EmailServer>('PUT', API.saveServer, server(projectId, good.port));
      expect(saved.code).toBe(0);
      expect(saved.data).toMatchObject({ configured: true, host: '127.0.0.1', port: good.port, tlsMode: 'none', user: 'ems', passwordSet: true, fromAddress: 'ems@plant.example.com' });
      expect(JSON.stringify(saved)).not.toContain('s3cret');
      const row = await t.app.ems.db.withTables<{ email_server: { project_id: number; password_enc: string | null } }>().selectFrom('email_server').selectAll().where('project_id', '=', projectId).executeTakeFirstOrThrow();
      expect(row.password_enc).toBeTruthy();
      expect(row.password_enc).not.toContain('s3cret');
      expect(Buffer.from(row.password_enc!, 'base64').toString('latin1')).not.toContain('s3cret');

      // without a password: the stored one stays (the test mail below authenticates with it)
      const { password: _omit, ...noPassword } = server(projectId, good.port, { fromName: 'Energy desk' });
      const kept = await call<EmailServer>('PUT', API.saveServer, noPassword);
      expect(kept.data).toMatchObject({ passwordSet: true, fromName: 'Energy desk' });
      expect(JSON.stringify((await call('GET', `${API.server}?projectId=${projectId}`)).data)).not.toContain('s3cret');

      await call('PUT', API.saveServer, server(otherProject, bad.port));
    });

    it('validation call and test send report the server answer: success with the response line, or the error', async () => {
      const { password: _omit, ...stored } = server(projectId, good.port);
      const valid = await call<EmailCheckResult>('POST', API.validate, stored);
      expect(valid.data).toEqual({ ok: true, response: 'OK', error: '' });
      const wrong = await call<EmailCheckResult>('POST', API.validate, server(projectId, good.port, { password: 'nope' }));
      expect(wrong.data.ok).toBe(false);
      expect(wrong.data.error).toMatch(/535|authentication failed/i);
      const closed = await call<EmailCheckResult>('POST', API.validate, server(projectId, 1));
      expect(closed.data.ok).toBe(false);
      expect(closed.data.error).toMatch(/ECONNREFUSED/);

      const before = good.mails.length;
      const sent = await call<EmailCheckResult>('POST', API.testSend, { ...stored, to: 'me@plant.example.com' }, en());
      expect(sent.data.ok).toBe(true);
      expect(sent.data.response).toMatch(/^250 /);
      expect(good.mails.length).toBe(before + 1);
      const mail = good.mails.at(-1)!;
      expect(mail.subject).toBe('[EMS] Test mail from Mail plant');
      expect(mail.from?.value[0]).toMatchObject({ address: 'ems@plant.example.com', name: 'EMS' });

      const refused = await call<EmailCheckResult>('POST', API.testSend, { ...server(otherProject, bad.port), to: 'me@plant.example.com' });
      expect(refused.data).toMatchObject({ ok: false, response: '' });
      expect(refused.data.error).toMatch(/451/);
      const badTo = await call('POST', API.testSend, { ...stored, to: 'not an address' }, en());
      expect([badTo.status, badTo.msg]).toEqual([400, 'invalid field to: "not an address" is not a valid e-mail address']);
    });

    it('schemes: options, every part validated (users, groups, addresses, templates, schedules, events), list, update, delete', async () => {
      const options = await call<MailSchemeOptions>('GET', `${API.options}?projectId=${projectId}`, undefined, en());
      expect(options.data.timezone).toBe('Asia/Shanghai');
      expect(options.data.templates).toEqual([{ id: tpl, name: '日报' }]);
      expect(options.data.users.map((u) => u.id)).toContain(adminId);
      expect(options.data.logTypes.find((l) => l.logType === 702)?.name).toBe('consumption over limit');

      const cases: [Record<string, unknown>, string][] = [
        [{ recipients: { userIds: [], groupIds: [], addresses: [] } }, 'invalid field recipients: at least one recipient is needed'],
        [{ recipients: { userIds: [], groupIds: [], addresses: ['x@y'] } }, 'invalid field recipients.addresses: "x@y" is not a valid e-mail address'],
        [{ recipients: { userIds: [999999], groupIds: [], addresses: [] } }, 'invalid field recipients.userIds: user 999999 is not a user of this project'],
        [{ recipients: { userIds: [], groupIds: [999999], addresses: [] } }, 'invalid field recipients.groupIds: user group 999999 does not exist'],
        [{}, 'invalid field reports: subscribe to at least one report or to events'],
        [{ reports: [{ templateId: 99_999, schedule: { kind: 'daily', time: '08:00' }, lang: 'zh-CN' }] }, 'invalid field reports[0].templateId: report template 99999 does not exist'],
        [{ reports: [{ templateId: tpl, schedule: { kind: 'weekly', time: '08:00' }, lang: 'zh-CN' }] }, 'invalid field reports[0].schedule: a weekly schedule needs weekday (1–7) and no day'],
        [{ reports: [{ templateId: tpl, schedule: { kind: 'monthly', time: '08:00', weekday: 2 }, lang: 'zh-CN' }] }, 'invalid field reports[0].schedule: a monthly schedule needs day (1–31) and no weekday'],
        [{ events: { logTypes: [702], eventClasses: [], levels: [], mode: 'digest', digestTimes: [], lang: 'en-US' } }, 'invalid field events.digestTimes: a digest needs at least one time of day'],
        [{ events: { logTypes: [4242], eventClasses: [], levels: [], mode: 'immediate', digestTimes: [], lang: 'en-US' } }, 'invalid field events.logTypes: unknown log type 4242'],
        [{ events: { logTypes: [], eventClasses: [], levels: [3], mode: 'immediate', digestTimes: [], lang: 'en-US' } }, 'invalid field events.levels: unknown level 3 (1 accident, 2 alarm, 4 early warning)'],
      ];
      for (const [extra, msg] of cases) {
        const r = await call('POST', API.create, scheme(projectId, extra), en());
        expect([r.status, r.code, r.msg], JSON.stringify(extra)).toEqual([400, ErrorCode.badRequest, msg]);
      }
      const badTime = await call('POST', API.create, scheme(projectId, { reports: [{ templateId: tpl, schedule: { kind: 'daily', time: '24:00' }, lang: 'zh-CN' }] }));
      expect(badTime.status).toBe(400);
      const zh = await call('POST', API.create, scheme(projectId, { recipients: { userIds: [], groupIds: [], addresses: ['a b@c.d'] }, reports: [] }));
      expect(zh.msg).toBe('参数 recipients.addresses 不合法：“a b@c.d”不是有效的邮件地址');

      const created = await call<MailScheme>('POST', API.create, scheme(projectId, { name: 'scratch', recipients: { userIds: [adminId], groupIds: [], addresses: ['Ops@plant.example.com', 'ops@plant.example.com'] }, reports: [{ templateId: tpl, schedule: { kind: 'monthly', day: 31, time: '06:30' }, lang: 'en-US' }] }));
      expect(created.code).toBe(0);
      expect(created.data.resolved).toEqual(['pf.admin@plant.example.com', 'ops@plant.example.com']);
      const dup = await call('POST', API.create, scheme(projectId, { name: 'scratch', reports: [{ templateId: tpl, schedule: { kind: 'daily', time: '08:00' }, lang: 'zh-CN' }] }), en());
      expect(dup.msg).toBe('invalid field name: a scheme named "scratch" already exists');
      const updated = await call<MailScheme>('PUT', API.update.replace(':id', String(created.data.id)), { ...scheme(projectId, { name: 'scratch 2', enabled: false, reports: [{ templateId: tpl, schedule: { kind: 'weekly', weekday: 1, time: '07:00' }, lang: 'zh-CN' }] }) });
      expect(updated.data).toMatchObject({ name: 'scratch 2', enabled: false, reports: [{ schedule: { kind: 'weekly', weekday: 1, time: '07:00' } }] });
      const foreign = await call('PUT', API.update.replace(':id', String(created.data.id)), scheme(otherProject, { reports: [{ templateId: tpl, schedule: { kind: 'daily', time: '08:00' }, lang: 'zh-CN' }] }), en());
      expect(foreign.status).toBe(400);
      expect((await call<MailScheme[]>('GET', `${API.schemes}?projectId=${projectId}`)).data.map((s) => s.name)).toContain('scratch 2');
      expect((await call<number>('DELETE', API.remove.replace(':id', String(created.data.id)))).data).toBe(created.data.id);
      expect((await call<MailScheme[]>('GET', `${API.schemes}?projectId=${projectId}`)).data.map((s) => s.name)).not.toContain('scratch 2');
    });

    it('a daily report goes out once at its time with the xlsx attached; a restart neither repeats it nor skips a missed run (sent once)', async () => {
      const created = await call<MailScheme>('POST', API.create, scheme(projectId, { name: 'daily report', reports: [{ templateId: tpl, schedule: { kind: 'daily', time: '08:00' }, lang: 'en-US' }] }));
      expect(created.code).toBe(0);
      const reportMails = () => good.mails.filter((m) => m.attachments.length > 0);
      await t.app.email.tick();
      expect(reportMails()).toHaveLength(0);

      store.clock.now = at(2025, 3, 13, 8, 0, 30);
      await t.app.email.tick();
      expect(reportMails()).toHaveLength(1);
      const mail = reportMails()[0]!;
      expect(mail.to && 'value' in mail.to ? mail.to.value[0]?.address : '').toBe('ops@plant.example.com');
      expect(mail.subject).toBe('[EMS] Mail plant – 日报 (2025-03-13 08:00)');
      // the day before the due time, in the project's zone
      expect(mail.text).toContain('Attached: Mail plant electricity daily report 2025-03-12');
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]!.filename).toBe('Mail_plant_electricity_daily_report_2025-03-12.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(mail.attachments[0]!.content as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      expect(ws.getCell(1, 1).value).toBe('Mail plant electricity daily report 2025-03-12');
      expect(ws.getRow(XLSX_HEADER_ROW).getCell(26).value).toBe('Total (kWh)');
      expect(ws.getRow(XLSX_HEADER_ROW + 1).getCell(1).value).toBe('总进线');
      expect(ws.getRow(XLSX_HEADER_ROW + 1).getCell(2).value).toBe(4);
      expect(ws.getRow(XLSX_HEADER_ROW + 1).getCell(26).value).toBe(96);

      await t.app.email.tick();
      store.clock.now = at(2025, 3, 13, 20);
      await t.app.email.tick();
      expect(reportMails()).toHaveLength(1);
      await relogin();
      const sent = (await log(projectId)).filter((r) => r.kind === 'report');
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ schemeName: 'daily report', recipient: 'ops@plant.example.com', status: 'sent', attempts: 1, createTime: at(2025, 3, 13, 8), error: '' });
      expect(sent[0]!.response).toMatch(/^250 /);

      // down from the evening of the 13th to 09:00 on the 16th: the runs of the 14th, 15th and 16th were missed; the latest is sent, once
      await t.app.close();
      store.clock.now = at(2025, 3, 16, 9);
      t = await startApp(store, { sim: false });
      await readings(START + 15 * MIN, store.clock.now);
      await t.app.email.tick();
      await t.app.email.tick();
      expect(reportMails()).toHaveLength(2);
      expect(reportMails()[1]!.subject).toBe('[EMS] Mail plant – 日报 (2025-03-16 08:00)');
      expect(reportMails()[1]!.attachments[0]!.filename).toBe('Mail_plant_electricity_daily_report_2025-03-15.xlsx');

      // a second restart at the same time sends nothing more
      await t.app.close();
      t = await startApp(store, { sim: false });
      await t.app.email.tick();
      expect(reportMails()).toHaveLength(2);
      await relogin();
      expect((await log(projectId)).filter((r) => r.kind === 'report').map((r) => r.createTime)).toEqual([at(2025, 3, 16, 8), at(2025, 3, 13, 8)]);
      await call('DELETE', API.remove.replace(':id', String(created.data.id)));
    });

    it('events: immediate schemes mail each matching event; a failing server is retried after 1, 5 and 30 min and recorded as failed, never stopping another project', async () => {
      store.clock.now = at(2025, 3, 17, 9);
      await relogin();
      const events = (p: number, name: string) =>
        scheme(p, { name, recipients: { userIds: [], groupIds: [], addresses: ['alarm@plant.example.com'] }, events: { logTypes: [702], eventClasses: [], levels: [2], mode: 'immediate', digestTimes: [], lang: 'en-US' } });
      expect((await call('POST', API.create, events(projectId, 'alarms'))).code).toBe(0);
      expect((await call('POST', API.create, events(otherProject, 'alarms'))).code).toBe(0);
      const raise = (p: number, logType: number, level: number, en: string) =>
        t.app.ems.notifier.notify({ projectId: p, nodeId: 1, modelLabel: 'meter', logType, eventClass: level, eventType: 3, level, eventId: null, time: store.clock.now, message: { zh: en, en } });
      const before = good.mails.length;
      await raise(projectId, 702, 2, 'kW over limit on meter 1');
      await raise(projectId, 702, 4, 'early warning only');
      await raise(projectId, 801, 2, 'device offline');
      await raise(otherProject, 702, 2, 'kW over limit in the broken plant');
      await t.app.email.flushEvents();
      await t.app.email.tick();
      const mine = good.mails.slice(before);
      expect(mine.map((m) => m.subject)).toEqual(['[EMS] Mail plant – consumption over limit: kW over limit on meter 1']);
      expect(mine[0]!.text).toContain('2025-03-17 09:00');

      const broken = async () => (await log(otherProject)).filter((r) => r.kind === 'event');
      expect(await broken()).toMatchObject([{ status: 'pending', attempts: 1, nextAttemptTime: at(2025, 3, 17, 9, 1) }]);
      expect((await broken())[0]!.error).toMatch(/451/);
      for (const [step, attempts] of [[1, 2], [5, 3]] as const) {
        store.clock.now += step * MIN;
        await t.app.email.tick();
        expect((await broken())[0]).toMatchObject({ status: 'pending', attempts });
      }
      store.clock.now += 29 * MIN;
      await t.app.email.tick();
      expect((await broken())[0]).toMatchObject({ status: 'pending', attempts: 3 });
      store.clock.now += MIN;
      await t.app.email.tick();
      expect((await broken())[0]).toMatchObject({ status: 'failed', attempts: 4, nextAttemptTime: null });
      store.clock.now += 2 * H;
      await t.app.email.tick();
      expect((await broken())[0]).toMatchObject({ status: 'failed', attempts: 4 });
      expect(bad.mails).toHaveLength(0);
    });

    it('digest schemes collect the matching events since the last digest and mail them at the set time', async () => {
      store.clock.now = at(2025, 3, 18, 6);
      await relogin();
      const created = await call<MailScheme>('POST', API.create, scheme(projectId, { name: 'digest', events: { logTypes: [], eventClasses: [], levels: [1, 2], mode: 'digest', digestTimes: ['12:00', '18:00'], lang: 'zh-CN' } }));
      expect(created.code).toBe(0);
      const raise = (level: number, text: string) =>
        t.app.ems.notifier.notify({ projectId, nodeId: 1, modelLabel: 'meter', logType: 702, eventClass: level, eventType: 3, level, eventId: null, time: store.clock.now, message: { zh: text, en: text } });
      store.clock.now = at(2025, 3, 18, 9);
      await raise(2, '告警 A');
      store.clock.now = at(2025, 3, 18, 10);
      await raise(4, '预警 B');
      await t.app.email.flushEvents();
      const before = good.mails.length;
      store.clock.now = at(2025, 3, 18, 12, 0, 10);
      await t.app.email.tick();
      const digests = () => good.mails.slice(before).filter((m) => m.subject?.includes('事件汇总'));
      expect(digests()).toHaveLength(1);
      expect(digests()[0]!.subject).toBe('[EMS] 邮件工厂 事件汇总 2025-03-17 12:00 – 2025-03-18 12:00（1 条）');
      expect(digests()[0]!.text).toContain('告警 A');
      expect(digests()[0]!.text).not.toContain('预警 B');
      // nothing new by 18:00: the run is handled without a mail
      store.clock.now = at(2025, 3, 18, 18, 1);
      await t.app.email.tick();
      expect(digests()).toHaveLength(1);
      await call('DELETE', API.remove.replace(':id', String(created.data.id)));
    });

    it.skipIf(kind !== 'postgres')('two instances on one store send a due run exactly once', async () => {
      store.clock.now = at(2025, 3, 19, 7);
      await relogin();
      const created = await call<MailScheme>('POST', API.create, scheme(projectId, { name: 'twins', reports: [{ templateId: tpl, schedule: { kind: 'daily', time: '08:00' }, lang: 'zh-CN' }] }));
      expect(created.code).toBe(0);
      const second = await startApp(store, { sim: false });
      try {
        const before = good.mails.length;
        store.clock.now = at(2025, 3, 19, 8, 0, 5);
        await Promise.all([t.app.email.tick(), second.app.email.tick(), t.app.email.tick(), second.app.email.tick()]);
        await Promise.all([t.app.email.tick(), second.app.email.tick()]);
        expect(good.mails.slice(before).filter((m) => m.subject?.includes('2025-03-19 08:00'))).toHaveLength(1);
      } finally {
        await second.app.close();
      }
    });
  });
}
