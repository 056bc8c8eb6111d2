import type { Generated } from 'kysely';
import type { Db } from '../../db/connect.js';

/** Table `email_server` (migration 0026-email): a project's SMTP settings. */
export interface EmailServerTable {
  project_id: number;
  host: string;
  port: number;
  tls_mode: string;
  username: string;
  /** base64(iv | tag | AES-256-GCM(password)), AAD = the project (secret.ts); null: none */
  password_enc: string | null;
  from_address: string;
  from_name: string;
  update_time: number;
}
/** Table `mail_scheme`: recipients, reports and events as JSON text. */
export interface MailSchemeTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  enabled: number;
  recipients: string;
  reports: string;
  events: string | null;
  update_time: number;
}
/** Table `mail_job`: a scheduled run claimed once (the primary key) by whichever instance inserts it first. */
export interface MailJobTable {
  scheme_id: number;
  job_key: string;
  due_time: number;
  claimed_at: number;
}
/** Table `mail_send`: the send log and outbox, one row per recipient and mail. */
export interface MailSendTable {
  id: Generated<number>;
  project_id: number;
  scheme_id: number;
  kind: string;
  recipient: string;
  subject: string;
  /** JSON text: what the mail holds (SendPayload) */
  payload: string;
  status: string;
  attempts: number;
  create_time: number;
  next_attempt: number | null;
  last_attempt: number | null;
  /** while an instance sends it: until when the row is its own */
  lease_until: number | null;
  sent_time: number | null;
  response: string;
  error: string;
}
/** The notification table (migration 0005), as the digests read it. */
interface NotificationTable {
  id: number;
  project_id: number;
  node_id: number;
  model_label: string;
  log_type: number;
  event_class: number;
  event_id: number | null;
  time: number;
  message_zh: string;
  message_en: string;
  description: string;
}
type Tables = { email_server: EmailServerTable; mail_scheme: MailSchemeTable; mail_job: MailJobTable; mail_send: MailSendTable; notification: NotificationTable };

export interface SchemeRow {
  id: number;
  projectId: number;
  name: string;
  enabled: boolean;
  recipients: string;
  reports: string;
  events: string | null;
  updateTime: number;
}
export interface SendRow {
  id: number;
  projectId: number;
  schemeId: number;
  kind: string;
  recipient: string;
  subject: string;
  payload: string;
  status: string;
  attempts: number;
  createTime: number;
  nextAttempt: number | null;
  lastAttempt: number | null;
  sentTime: number | null;
  response: string;
  error: string;
}
export type NewSend = Omit<SendRow, 'id' | 'status' | 'attempts' | 'nextAttempt' | 'lastAttempt' | 'sentTime' | 'response' | 'error'> & { nextAttempt: number };

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));
const toScheme = (r: { id: number | string; project_id: number | string; name: string; enabled: number | string; recipients: string; reports: string; events: string | null; update_time: number | string }): SchemeRow => ({
  id: Number(r.id),
  projectId: Number(r.project_id),
  name: r.name,
  enabled: Number(r.enabled) === 1,
  recipients: r.recipients,
  reports: r.reports,
  events: r.events,
  updateTime: Number(r.update_time),
});
type SendDb = { [K in keyof MailSendTable]: K extends 'id' ? number : MailSendTable[K] };
const toSend = (r: SendDb): SendRow => ({
  id: Number(r.id),
  projectId: Number(r.project_id),
  schemeId: Number(r.scheme_id),
  kind: r.kind,
  recipient: r.recipient,
  subject: r.subject,
  payload: r.payload,
  status: r.status,
  attempts: Number(r.attempts),
  createTime: Number(r.create_time),
  nextAttempt: num(r.next_attempt),
  lastAttempt: num(r.last_attempt),
  sentTime: num(r.sent_time),
  response: r.response,
  error: r.error,
});

/** All SQL of the e-mail module. */
export function emailRepository(db: Db) {
  const t = db.withTables<Tables>();
  return {
    async project(projectId: number): Promise<{ id: number; tenantId: number; name: string; enName: string; timezone: string } | undefined> {
      const r = await db.selectFrom('project').select(['id', 'tenant_id', 'name', 'en_name', 'timezone']).where('id', '=', projectId).executeTakeFirst();
      return r ? { id: Number(r.id), tenantId: Number(r.tenant_id), name: r.name, enName: r.en_name, timezone: r.timezone || 'Asia/Shanghai' } : undefined;
    },

    async server(projectId: number): Promise<EmailServerTable | undefined> {
      const r = await t.selectFrom('email_server').selectAll().where('project_id', '=', projectId).executeTakeFirst();
      return r ? { ...r, project_id: Number(r.project_id), port: Number(r.port), update_time: Number(r.update_time) } : undefined;
    },

    async saveServer(row: EmailServerTable): Promise<void> {
      await t.transaction().execute(async (trx) => {
        const n = await trx.updateTable('email_server').set(row).where('project_id', '=', row.project_id).executeTakeFirst();
        if (Number(n.numUpdatedRows) === 0) await trx.insertInto('email_server').values(row).execute();
      });
    },

    /** The users assigned to the project (with their e-mail), and the user groups of its tenant with their members. */
    async people(projectId: number, tenantId: number) {
      const users = await db
        .selectFrom('app_user')
        .innerJoin('user_project', 'user_project.user_id', 'app_user.id')
        .select(['app_user.id', 'app_user.name', 'app_user.nic_name', 'app_user.email', 'app_user.enabled'])
        .where('user_project.project_id', '=', projectId)
        .orderBy('app_user.id')
        .execute();
      const groups = await db.selectFrom('user_group').select(['id', 'parent_id', 'name']).where('tenant_id', '=', tenantId).orderBy('id').execute();
      const members = groups.length
        ? await db.selectFrom('user_group_member').select(['group_id', 'user_id']).where('group_id', 'in', groups.map((g) => Number(g.id))).execute()
        : [];
      return {
        users: users.map((u) => ({ id: Number(u.id), name: u.name, nicName: u.nic_name, email: u.email ?? '', enabled: Number(u.enabled) === 1 })),
        groups: groups.map((g) => ({ id: Number(g.id), parentId: g.parent_id === null ? null : Number(g.parent_id), name: g.name })),
        members: members.map((m) => ({ groupId: Number(m.group_id), userId: Number(m.user_id) })),
      };
    },

    async schemes(projectId: number): Promise<SchemeRow[]> {
      return (await t.selectFrom('mail_scheme').selectAll().where('project_id', '=', projectId).orderBy('id').execute()).map(toScheme);
    },
    async enabledSchemes(): Promise<SchemeRow[]> {
      return (await t.selectFrom('mail_scheme').selectAll().where('enabled', '=', 1).orderBy('id').execute()).map(toScheme);
    },
    async scheme(id: number): Promise<SchemeRow | undefined> {
      const r = await t.selectFrom('mail_scheme').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? toScheme(r) : undefined;
    },
    async createScheme(v: Omit<SchemeRow, 'id'>): Promise<number> {
      const r = await t
        .insertInto('mail_scheme')
        .values({ project_id: v.projectId, name: v.name, enabled: v.enabled ? 1 : 0, recipients: v.recipients, reports: v.reports, events: v.events, update_time: v.updateTime })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    },
    async updateScheme(id: number, v: Omit<SchemeRow, 'id'>): Promise<void> {
      await t
        .updateTable('mail_scheme')
        .set({ name: v.name, enabled: v.enabled ? 1 : 0, recipients: v.recipients, reports: v.reports, events: v.events, update_time: v.updateTime })
        .where('id', '=', id)
        .execute();
    },
    /** Removes the scheme, its claimed runs and its sends still waiting (the log of what was sent stays). */
    async removeScheme(id: number): Promise<void> {
      await t.transaction().execute(async (trx) => {
        await trx.deleteFrom('mail_scheme').where('id', '=', id).execute();
        await trx.deleteFrom('mail_job').where('scheme_id', '=', id).execute();
        await trx.deleteFrom('mail_send').where('scheme_id', '=', id).where('status', '=', 'pending').execute();
      });
    },

    /** The latest due time handled for a job of a scheme, if any. */
    async lastDue(schemeId: number, jobKey: string): Promise<number | undefined> {
      const r = await t.selectFrom('mail_job').select((eb) => eb.fn.max('due_time').as('due')).where('scheme_id', '=', schemeId).where('job_key', '=', jobKey).executeTakeFirst();
      return r?.due === null || r?.due === undefined ? undefined : Number(r.due);
    },

    /**
     * Claims the run (scheme, job, due) and queues its sends in one transaction: the primary key lets
     * one insert through across instances; a second one fails and its transaction queues nothing.
     * Returns false when another instance (or an earlier start) already claimed it.
     */
    async claimRun(schemeId: number, jobKey: string, due: number, claimedAt: number, sends: readonly NewSend[]): Promise<boolean> {
      try {
        await t.transaction().execute(async (trx) => {
          await trx.insertInto('mail_job').values({ scheme_id: schemeId, job_key: jobKey, due_time: due, claimed_at: claimedAt }).execute();
          for (const s of sends) await trx.insertInto('mail_send').values(newSendRow(s)).execute();
        });
        return true;
      } catch (e) {
        if (isUniqueViolation(e)) return false;
        throw e;
      }
    },

    /** Queues the sends in one transaction; their ids. */
    async queue(sends: readonly NewSend[]): Promise<number[]> {
      if (sends.length === 0) return [];
      return t.transaction().execute(async (trx) => {
        const ids: number[] = [];
        for (const s of sends) ids.push(Number((await trx.insertInto('mail_send').values(newSendRow(s)).returning('id').executeTakeFirstOrThrow()).id));
        return ids;
      });
    },

    /** Sends whose next attempt is due (pending, or sending with a lapsed lease: an instance that died mid-send). */
    async dueSends(now: number, limit: number): Promise<SendRow[]> {
      const rows = await t
        .selectFrom('mail_send')
        .selectAll()
        .where((eb) => eb.or([eb.and([eb('status', '=', 'pending'), eb('next_attempt', '<=', now)]), eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)])]))
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toSend);
    },

    /** Takes a send for this instance until `leaseUntil`; false when another instance took it first. */
    async lease(s: SendRow, now: number, leaseUntil: number): Promise<boolean> {
      const r = await t
        .updateTable('mail_send')
        .set({ status: 'sending', lease_until: leaseUntil })
        .where('id', '=', s.id)
        .where('attempts', '=', s.attempts)
        .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)])]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async finish(id: number, v: { status: 'sent' | 'failed' | 'pending'; attempts: number; lastAttempt: number; nextAttempt: number | null; sentTime: number | null; response: string; error: string }) {
      await t
        .updateTable('mail_send')
        .set({
          status: v.status,
          attempts: v.attempts,
          last_attempt: v.lastAttempt,
          next_attempt: v.nextAttempt,
          sent_time: v.sentTime,
          lease_until: null,
          response: v.response.slice(0, 1000),
          error: v.error.slice(0, 1000),
        })
        .where('id', '=', id)
        .execute();
    },

    async sends(projectId: number, f: { schemeId?: number; status?: string }, page: { index: number; limit: number }): Promise<{ rows: SendRow[]; total: number }> {
      let q = t.selectFrom('mail_send').where('project_id', '=', projectId);
      if (f.schemeId !== undefined) q = q.where('scheme_id', '=', f.schemeId);
      if (f.status !== undefined) q = q.where('status', '=', f.status);
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.index * page.limit).execute(),
        q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
      ]);
      return { rows: rows.map(toSend), total: Number(count?.n ?? 0) };
    },

    /** Notifications of a project in (from, to], oldest first (a digest). */
    async notifications(projectId: number, from: number, to: number, limit: number) {
      const rows = await t
        .selectFrom('notification')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('time', '>', from)
        .where('time', '<=', to)
        .orderBy('time')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        logType: Number(r.log_type),
        eventClass: Number(r.event_class),
        time: Number(r.time),
        messageZh: r.message_zh,
        messageEn: r.message_en,
        description: r.description,
      }));
    },
    async notification(id: number) {
      const r = await t.selectFrom('notification').selectAll().where('id', '=', id).executeTakeFirst();
      return r
        ? { id: Number(r.id), projectId: Number(r.project_id), logType: Number(r.log_type), eventClass: Number(r.event_class), time: Number(r.time), messageZh: r.message_zh, messageEn: r.message_en, description: r.description }
        : undefined;
    },
  };
}

function newSendRow(s: NewSend) {
  return {
    project_id: s.projectId,
    scheme_id: s.schemeId,
    kind: s.kind,
    recipient: s.recipient,
    subject: s.subject.slice(0, 300),
    payload: s.payload,
    status: 'pending',
    attempts: 0,
    create_time: s.createTime,
    next_attempt: s.nextAttempt,
    last_attempt: null,
    lease_until: null,
    sent_time: null,
    response: '',
    error: '',
  };
}

/** A unique-key violation on either store (PostgreSQL 23505; SQLite SQLITE_CONSTRAINT_PRIMARYKEY / _UNIQUE). */
function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err.code === '23505' || /SQLITE_CONSTRAINT|UNIQUE constraint failed/i.test(`${err.code ?? ''} ${err.message ?? ''}`);
}
