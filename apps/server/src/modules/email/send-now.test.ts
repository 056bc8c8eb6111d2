import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_API as API, ErrorCode, REPORT_API, type EmailSendRecord, type MailScheme, type MailSendNowResult } from '@ems/contract';
import { STORES, createProject, createStore, insertNode, json, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { XLSX_HEADER_ROW } from '../report/export.js';
import { seatMailAdmin, startSmtp, toAddress, writeCounting, type Smtp } from './test-smtp.js';

/** Asia/Shanghai wall-clock time → ms */
const at = (y: number, m: number, d: number, h = 0, mi = 0, s = 0) => Date.UTC(y, m - 1, d, h - 8, mi, s);
/** Thursday 2025-03-13 07:10 in Shanghai */
const START = at(2025, 3, 13, 7, 10);
const TO = 'now@plant.example.com';

/** Waits (real time, the clock pinned) until `ok` holds: the sender works off its own kick, not a test's tick. */
async function until(ok: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`e-mail "send now" of a scheme (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let projectId: number;
    let otherProject: number;
    let adminId: number;
    let smtp: Smtp;
    let tpl: number;
    const en = () => ({ ...admin, 'accept-language': 'en-US' });
    const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
      t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) }).then((r) => json<T>(r));
    const sendNow = (id: number, p: number, headers = admin) => call<MailSendNowResult>('POST', API.sendNow.replace(':id', String(id)), { projectId: p }, headers);
    const scheme = (p: number, extra: Record<string, unknown> = {}) => ({
      projectId: p,
      name: 'now',
      enabled: true,
      recipients: { userIds: [], groupIds: [], addresses: [TO] },
      reports: [{ templateId: tpl, schedule: { kind: 'daily', time: '08:00' }, lang: 'en-US' }],
      events: null,
      ...extra,
    });
    const mine = () => smtp.mails.filter((m) => toAddress(m) === TO);

    beforeAll(async () => {
      smtp = await startSmtp();
      store = await createStore(kind);
      store.clock.now = START;
      t = await startApp(store, { sim: false });
      ({ projectId, admin } = await createProject(t, store.clock, { name: '邮件工厂', enName: 'Mail plant', capacityKva: 1000, timezone: 'Asia/Shanghai' }));
      ({ projectId: otherProject } = await createProject(t, store.clock, { name: '另一工厂', enName: 'Other plant', capacityKva: 1000, timezone: 'Asia/Shanghai' }));
      adminId = await seatMailAdmin(t.app, projectId);
      // one meter counting 1 kWh per 15 min: 96 kWh a local day
      const meter = await insertNode(t.app, { projectId, parentId: null, label: 'meter', name: '总进线', attrs: { energyType: 2 } });
      await writeCounting(t.app, projectId, meter, at(2025, 3, 11), at(2025, 3, 11), START);
      const template = await call<{ id: number }>('POST', REPORT_API.create, { projectId, name: '日报', nodeId: projectId, modelLabel: 'project', energyType: 2, kind: 'daily', rows: 'children', sections: ['consumption'] });
      if (template.code !== 0) throw new Error(`template not created: ${JSON.stringify(template)}`);
      tpl = template.data.id;
    });
    afterAll(async () => {
      await t?.app.close();
      await smtp?.close();
      await store?.dispose();
    });

    it('refuses what cannot be sent, in the request language: no report, disabled, no address, no mail server; an unknown or another project’s scheme is not found', async () => {
      const events = await call<MailScheme>('POST', API.create, scheme(projectId, { name: 'events only', reports: [], events: { logTypes: [702], eventClasses: [], levels: [], mode: 'immediate', digestTimes: [], lang: 'en-US' } }));
      expect(events.code).toBe(0);
      const r1 = await sendNow(events.data.id, projectId, en());
      expect([r1.status, r1.code, r1.msg]).toEqual([400, ErrorCode.badRequest, 'invalid field reports: the scheme "events only" subscribes to no report: there is nothing to send']);
      expect((await sendNow(events.data.id, projectId)).msg).toBe('参数 reports 不合法：方案“events only”没有订阅报表，无可发送的内容');

      const off = await call<MailScheme>('POST', API.create, scheme(projectId, { name: 'off', enabled: false }));
      expect(off.code).toBe(0);
      const r2 = await sendNow(off.data.id, projectId, en());
      expect([r2.status, r2.code, r2.msg]).toEqual([400, ErrorCode.badRequest, 'invalid field enabled: the scheme "off" is disabled: enable it to send']);
      expect((await sendNow(off.data.id, projectId)).msg).toBe('参数 enabled 不合法：方案“off”已停用，启用后才能发送');

      // the only recipient, a user, has lost the address since the scheme was saved
      const user = await call<MailScheme>('POST', API.create, scheme(projectId, { name: 'user only', recipients: { userIds: [adminId], groupIds: [], addresses: [] } }));
      expect(user.code).toBe(0);
      await t.app.ems.db.updateTable('app_user').set({ email: '' }).where('id', '=', adminId).execute();
      const r3 = await sendNow(user.data.id, projectId, en());
      expect([r3.status, r3.msg]).toEqual([400, 'invalid field recipients: none of the recipients of the scheme "user only" has an e-mail address']);
      await t.app.ems.db.updateTable('app_user').set({ email: 'pf.admin@plant.example.com' }).where('id', '=', adminId).execute();

      // no SMTP settings yet
      const ready = await call<MailScheme>('POST', API.create, scheme(projectId));
      expect(ready.code).toBe(0);
      const r4 = await sendNow(ready.data.id, projectId, en());
      expect([r4.status, r4.msg]).toEqual([400, 'invalid field projectId: no mail server is set for this project (mail server settings page)']);
      expect((await sendNow(ready.data.id, projectId)).msg).toBe('参数 projectId 不合法：本项目尚未设置邮件服务器（邮件服务器设置页）');

      const r5 = await sendNow(999_999, projectId, en());
      expect([r5.status, r5.code]).toEqual([404, ErrorCode.notFound]);
      const foreign = await call<MailScheme>('POST', API.create, scheme(otherProject, { name: 'theirs', reports: [], events: { logTypes: [], eventClasses: [], levels: [], mode: 'immediate', digestTimes: [], lang: 'en-US' } }));
      expect(foreign.code).toBe(0);
      expect((await sendNow(foreign.data.id, projectId, en())).status).toBe(404);
      expect((await sendNow(ready.data.id, otherProject, en())).status).toBe(404);

      const refused = (await t.app.ems.db.withTables<{ mail_send: { id: number } }>().selectFrom('mail_send').select('id').execute()).length;
      expect(refused).toBe(0);
      for (const s of [events, off, user, foreign]) await call('DELETE', API.remove.replace(':id', String(s.data.id)));
    });

    it('queues the report of the last complete period to every recipient, delivered within seconds with the xlsx; the next scheduled run still goes out once', async () => {
      const saved = await call('PUT', API.saveServer, { projectId, host: '127.0.0.1', port: smtp.port, tlsMode: 'none', user: 'ems', password: 's3cret', fromAddress: 'ems@plant.example.com', fromName: 'EMS' });
      expect(saved.code).toBe(0);
      const list = await call<MailScheme[]>('GET', `${API.schemes}?projectId=${projectId}`);
      const s = list.data.find((x) => x.name === 'now')!;
      // a second recipient, a user of the project: one send each
      const updated = await call<MailScheme>('PUT', API.update.replace(':id', String(s.id)), scheme(projectId, { recipients: { userIds: [adminId], groupIds: [], addresses: [TO] } }));
      expect(updated.data.resolved).toEqual(['pf.admin@plant.example.com', TO]);
      // the scheduler has looked already: nothing is due before 08:00
      await t.app.email.tick();
      expect(smtp.mails).toHaveLength(0);

      const queued = await sendNow(s.id, projectId, en());
      expect(queued.code).toBe(0);
      expect(queued.data.count).toBe(2);
      expect(queued.data.ids).toHaveLength(2);
      // no tick here: the call wakes the sender
      await until(() => smtp.mails.length === 2);
      const mail = mine()[0]!;
      expect(mail.subject).toBe('[EMS] Mail plant – 日报 (2025-03-13 07:10)');
      expect(mail.text).toContain('Attached: Mail plant electricity daily report 2025-03-12');
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]!.filename).toBe('Mail_plant_electricity_daily_report_2025-03-12.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(mail.attachments[0]!.content as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      expect(ws.getCell(1, 1).value).toBe('Mail plant electricity daily report 2025-03-12');
      expect(ws.getRow(XLSX_HEADER_ROW + 1).getCell(1).value).toBe('总进线');
      expect(ws.getRow(XLSX_HEADER_ROW + 1).getCell(26).value).toBe(96);
      expect(smtp.mails.map(toAddress).sort()).toEqual(['now@plant.example.com', 'pf.admin@plant.example.com']);

      // the sender records a send as sent after the server's answer
      let sent: EmailSendRecord[] = [];
      await until(async () => {
        sent = (await call<EmailSendRecord[]>('POST', API.sendLog, { projectId })).data.filter((r) => queued.data.ids.includes(r.id));
        return sent.length === 2 && sent.every((r) => r.status === 'sent');
      });
      for (const r of sent) expect(r).toMatchObject({ kind: 'report', schemeId: s.id, schemeName: 'now', createTime: START, attempts: 1, error: '', subject: '[EMS] Mail plant – 日报 (2025-03-13 07:10)' });
      expect(sent.map((r) => r.recipient).sort()).toEqual(['now@plant.example.com', 'pf.admin@plant.example.com']);
      const audit = await t.app.ems.db.selectFrom('audit_log').select(['action', 'target_type', 'target_id']).where('action', '=', 'send').execute();
      expect(audit.map((a) => [a.action, a.target_type, Number(a.target_id)])).toEqual([['send', 'mailScheme', s.id]]);

      // the schedule is untouched: 08:00 goes out once, to both
      store.clock.now = at(2025, 3, 13, 8, 0, 20);
      await t.app.email.tick();
      await t.app.email.tick();
      expect(mine().map((m) => m.subject)).toEqual(['[EMS] Mail plant – 日报 (2025-03-13 07:10)', '[EMS] Mail plant – 日报 (2025-03-13 08:00)']);
      store.clock.now = at(2025, 3, 13, 9);
      await t.app.email.tick();
      expect(mine()).toHaveLength(2);
      expect(smtp.mails).toHaveLength(4);
      const jobs = await t.app.ems.db.withTables<{ mail_job: { scheme_id: number; due_time: number } }>().selectFrom('mail_job').selectAll().where('scheme_id', '=', s.id).execute();
      expect(jobs.map((j) => Number(j.due_time))).toEqual([at(2025, 3, 13, 8)]);
    });
  });
}
