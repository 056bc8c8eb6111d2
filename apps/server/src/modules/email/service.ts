import { isIP } from 'node:net';
import {
  ErrorCode,
  type EmailCheckResult,
  type EmailLogQuery,
  type EmailSendRecord,
  type EmailServer,
  type EmailServerInput,
  type EmailTestInput,
  type MailEventSubscription,
  type MailLang,
  type MailRecipients,
  type MailReportSubscription,
  type MailScheme,
  type MailSchemeInput,
  type MailSchemeOptions,
  type MailSendNowResult,
} from '@ems/contract';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { logTypeName, NAMED_LOG_TYPES } from '../message/log-types.js';
import { reportSubject } from './compose.js';
import { emailRepository, type NewSend, type SchemeRow } from './repository.js';
import type { ReportSource } from './report-source.js';
import { openSmtpPassword, sealSmtpPassword } from './secret.js';
import { trySend, verifySmtp, type SmtpSettings } from './transport.js';
import type { SendPayload } from './worker.js';

/** 400 naming the field, with the reason in the request's language. */
export const invalid = (lang: Lang, field: string, zh: string, en: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, lang === 'en' ? en : zh]);

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const ADDRESS = new RegExp(`^[A-Za-z0-9.!#$%&'*+/=?^_\`{|}~-]{1,64}@${LABEL}(?:\\.${LABEL})+$`);
const HOST = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);
/** One address: a local part of the usual characters, one @, a dotted domain. */
export const isAddress = (s: string) => s.length <= 254 && ADDRESS.test(s) && !s.includes('..');
export const mailLang = (l: MailLang): Lang => (l === 'en-US' ? 'en' : 'zh');

/** The project in scope (else 404 'no operation permission', as a foreign project is answered). */
export async function projectIn(ems: Ems, scope: readonly number[], projectId: number) {
  if (!scope.includes(projectId)) throw noPermission();
  const project = await emailRepository(ems.db).project(projectId);
  if (!project) throw noPermission();
  return project;
}

// ---------------------------------------------------------------- SMTP server settings

const DEFAULTS = { host: '', port: 587, tlsMode: 'starttls' as const, user: '', fromAddress: '', fromName: '' };

export async function readServer(ems: Ems, scope: readonly number[], projectId: number): Promise<EmailServer> {
  await projectIn(ems, scope, projectId);
  const r = await emailRepository(ems.db).server(projectId);
  if (!r) return { projectId, configured: false, ...DEFAULTS, passwordSet: false, updateTime: 0 };
  return {
    projectId,
    configured: true,
    host: r.host,
    port: r.port,
    tlsMode: r.tls_mode as EmailServer['tlsMode'],
    user: r.username,
    passwordSet: r.password_enc !== null,
    fromAddress: r.from_address,
    fromName: r.from_name,
    updateTime: r.update_time,
  };
}

function checkServer(lang: Lang, input: EmailServerInput) {
  const host = input.host.trim();
  if (!(isIP(host) || HOST.test(host))) throw invalid(lang, 'host', '须为主机名或 IP 地址', 'must be a host name or an IP address');
  if (!isAddress(input.fromAddress.trim())) throw invalid(lang, 'fromAddress', `“${input.fromAddress}”不是有效的邮件地址`, `"${input.fromAddress}" is not a valid e-mail address`);
  if (/[\r\n]/.test(input.fromName)) throw invalid(lang, 'fromName', '不能包含换行', 'must not contain line breaks');
  if (/[\r\n]/.test(input.user)) throw invalid(lang, 'user', '不能包含换行', 'must not contain line breaks');
}

/** The settings with the password to use: the input's when given, else the stored one. */
async function settingsOf(ems: Ems, lang: Lang, input: EmailServerInput): Promise<SmtpSettings> {
  checkServer(lang, input);
  let password = input.password;
  if (password === undefined) {
    const stored = await emailRepository(ems.db).server(input.projectId);
    password = stored?.password_enc ? (openSmtpPassword(ems.config.key, stored.password_enc, input.projectId) ?? '') : '';
  }
  return { host: input.host.trim(), port: input.port, tlsMode: input.tlsMode, user: input.user.trim(), password, fromAddress: input.fromAddress.trim(), fromName: input.fromName.trim() };
}

/** The stored settings of a project for sending, or undefined when none. */
export async function storedSettings(ems: Ems, projectId: number): Promise<SmtpSettings | undefined> {
  const r = await emailRepository(ems.db).server(projectId);
  if (!r) return undefined;
  const password = r.password_enc ? openSmtpPassword(ems.config.key, r.password_enc, projectId) : '';
  if (password === undefined) throw new Error('the stored SMTP password does not decrypt with this server key (EMS_SECRET changed?): enter it again');
  return { host: r.host, port: r.port, tlsMode: r.tls_mode as SmtpSettings['tlsMode'], user: r.username, password, fromAddress: r.from_address, fromName: r.from_name };
}

export async function saveServer(ems: Ems, lang: Lang, scope: readonly number[], input: EmailServerInput): Promise<EmailServer> {
  await projectIn(ems, scope, input.projectId);
  checkServer(lang, input);
  const repo = emailRepository(ems.db);
  const before = await repo.server(input.projectId);
  const password_enc =
    input.password === undefined ? (before?.password_enc ?? null) : input.password === '' ? null : sealSmtpPassword(ems.config.key, input.password, input.projectId);
  await repo.saveServer({
    project_id: input.projectId,
    host: input.host.trim(),
    port: input.port,
    tls_mode: input.tlsMode,
    username: input.user.trim(),
    password_enc,
    from_address: input.fromAddress.trim(),
    from_name: input.fromName.trim(),
    update_time: ems.config.now(),
  });
  return readServer(ems, scope, input.projectId);
}

export async function validateServer(ems: Ems, lang: Lang, scope: readonly number[], input: EmailServerInput): Promise<EmailCheckResult> {
  await projectIn(ems, scope, input.projectId);
  return verifySmtp(await settingsOf(ems, lang, input));
}

export async function testSend(ems: Ems, lang: Lang, scope: readonly number[], input: EmailTestInput): Promise<EmailCheckResult> {
  const project = await projectIn(ems, scope, input.projectId);
  const { to, ...server } = input;
  if (!isAddress(to.trim())) throw invalid(lang, 'to', `“${to}”不是有效的邮件地址`, `"${to}" is not a valid e-mail address`);
  const settings = await settingsOf(ems, lang, server);
  const name = lang === 'en' ? project.enName || project.name : project.name;
  return trySend(settings, {
    to: to.trim(),
    subject: lang === 'en' ? `[EMS] Test mail from ${name}` : `[EMS] ${name} 测试邮件`,
    text:
      lang === 'en'
        ? `This is a test mail of the energy-management system for project ${name}: the SMTP settings work.`
        : `这是能源管理系统项目“${name}”的测试邮件：邮件服务器设置可用。`,
  });
}

// ---------------------------------------------------------------- schemes

export interface StoredScheme {
  id: number;
  projectId: number;
  name: string;
  enabled: boolean;
  recipients: MailRecipients;
  reports: MailReportSubscription[];
  events: MailEventSubscription | null;
  updateTime: number;
}

export function parseScheme(r: SchemeRow): StoredScheme {
  return {
    id: r.id,
    projectId: r.projectId,
    name: r.name,
    enabled: r.enabled,
    recipients: JSON.parse(r.recipients) as MailRecipients,
    reports: JSON.parse(r.reports) as MailReportSubscription[],
    events: r.events === null ? null : (JSON.parse(r.events) as MailEventSubscription),
    updateTime: r.updateTime,
  };
}

/** The addresses the recipients stand for now: enabled project users with an address, members of the groups who are project users, the plain addresses; deduplicated. */
export async function resolveRecipients(ems: Ems, projectId: number, tenantId: number, rec: MailRecipients): Promise<string[]> {
  const people = await emailRepository(ems.db).people(projectId, tenantId);
  const byId = new Map(people.users.map((u) => [u.id, u]));
  const userIds = new Set(rec.userIds);
  const groups = new Set(rec.groupIds);
  for (const m of people.members) if (groups.has(m.groupId)) userIds.add(m.userId);
  const out = new Map<string, string>();
  for (const id of userIds) {
    const u = byId.get(id);
    if (u?.enabled && isAddress(u.email.trim())) out.set(u.email.trim().toLowerCase(), u.email.trim());
  }
  for (const a of rec.addresses) out.set(a.trim().toLowerCase(), a.trim());
  return [...out.values()];
}

const scheduleKey = (r: MailReportSubscription) => `${r.templateId}:${r.schedule.kind}:${r.schedule.weekday ?? r.schedule.day ?? 0}:${r.schedule.time}:${r.lang}`;
/** The job key of a report subscription: the same subscription keeps it across edits (so its last handled due time stays). */
export const reportJobKey = (r: MailReportSubscription) => `report:${scheduleKey(r)}`;
export const DIGEST_JOB = 'digest';

async function checkScheme(ems: Ems, lang: Lang, reports: ReportSource | null, project: { id: number; tenantId: number }, input: MailSchemeInput, selfId?: number): Promise<MailSchemeInput> {
  const repo = emailRepository(ems.db);
  const name = input.name.trim();
  if (!name) throw invalid(lang, 'name', '不能为空', 'must not be empty');
  if ((await repo.schemes(project.id)).some((s) => s.name === name && s.id !== selfId))
    throw invalid(lang, 'name', `方案“${name}”已存在`, `a scheme named "${name}" already exists`);

  const people = await repo.people(project.id, project.tenantId);
  const users = new Set(people.users.map((u) => u.id));
  for (const id of input.recipients.userIds)
    if (!users.has(id)) throw invalid(lang, 'recipients.userIds', `用户 ${id} 不是本项目的用户`, `user ${id} is not a user of this project`);
  const groups = new Set(people.groups.map((g) => g.id));
  for (const id of input.recipients.groupIds) if (!groups.has(id)) throw invalid(lang, 'recipients.groupIds', `用户组 ${id} 不存在`, `user group ${id} does not exist`);
  const addresses = input.recipients.addresses.map((a) => a.trim());
  for (const a of addresses) if (!isAddress(a)) throw invalid(lang, 'recipients.addresses', `“${a}”不是有效的邮件地址`, `"${a}" is not a valid e-mail address`);
  const recipients = { userIds: [...new Set(input.recipients.userIds)], groupIds: [...new Set(input.recipients.groupIds)], addresses: [...new Set(addresses)] };
  if (recipients.userIds.length + recipients.groupIds.length + recipients.addresses.length === 0)
    throw invalid(lang, 'recipients', '至少需要一个收件人', 'at least one recipient is needed');
  if ((await resolveRecipients(ems, project.id, project.tenantId, recipients)).length === 0)
    throw invalid(lang, 'recipients', '所选收件人都没有邮件地址', 'none of the chosen recipients has an e-mail address');

  if (input.reports.length === 0 && input.events === null) throw invalid(lang, 'reports', '至少订阅一个报表或事件', 'subscribe to at least one report or to events');
  const templates = input.reports.length ? new Map((await (reports?.templates(ems, project.id) ?? Promise.resolve([]))).map((t) => [t.id, t.name])) : new Map<number, string>();
  const seen = new Set<string>();
  input.reports.forEach((r, i) => {
    const field = `reports[${i}]`;
    if (!templates.has(r.templateId)) throw invalid(lang, `${field}.templateId`, `报表模板 ${r.templateId} 不存在`, `report template ${r.templateId} does not exist`);
    const s = r.schedule;
    if (s.kind === 'weekly' && (s.weekday === undefined || s.day !== undefined))
      throw invalid(lang, `${field}.schedule`, '每周发送须给出星期（1–7），不能给出日期', 'a weekly schedule needs weekday (1–7) and no day');
    if (s.kind === 'monthly' && (s.day === undefined || s.weekday !== undefined))
      throw invalid(lang, `${field}.schedule`, '每月发送须给出日期（1–31），不能给出星期', 'a monthly schedule needs day (1–31) and no weekday');
    if (s.kind === 'daily' && (s.day !== undefined || s.weekday !== undefined))
      throw invalid(lang, `${field}.schedule`, '每日发送不能给出星期或日期', 'a daily schedule takes neither weekday nor day');
    const key = scheduleKey(r);
    if (seen.has(key)) throw invalid(lang, field, '与另一条报表订阅重复', 'repeats another report subscription');
    seen.add(key);
  });

  const ev = input.events;
  if (ev) {
    const named = new Set(NAMED_LOG_TYPES);
    for (const t of ev.logTypes) if (!named.has(t)) throw invalid(lang, 'events.logTypes', `未知的事件类型 ${t}`, `unknown log type ${t}`);
    for (const l of ev.levels) if (![1, 2, 4].includes(l)) throw invalid(lang, 'events.levels', `未知的事件等级 ${l}（1 事故、2 告警、4 预警）`, `unknown level ${l} (1 accident, 2 alarm, 4 early warning)`);
    if (ev.mode === 'digest' && ev.digestTimes.length === 0) throw invalid(lang, 'events.digestTimes', '汇总发送至少需要一个时间', 'a digest needs at least one time of day');
    if (ev.mode === 'immediate' && ev.digestTimes.length > 0) throw invalid(lang, 'events.digestTimes', '立即发送不设汇总时间', 'immediate sending takes no digest times');
    if (new Set(ev.digestTimes).size !== ev.digestTimes.length) throw invalid(lang, 'events.digestTimes', '时间重复', 'a time is given twice');
  }
  const events = ev
    ? { ...ev, logTypes: [...new Set(ev.logTypes)].sort((a, b) => a - b), eventClasses: [...new Set(ev.eventClasses)].sort(), levels: [...new Set(ev.levels)].sort(), digestTimes: [...ev.digestTimes].sort() }
    : null;
  return { ...input, name, recipients, events };
}

async function toScheme(ems: Ems, project: { id: number; tenantId: number }, s: StoredScheme): Promise<MailScheme> {
  return { ...s, resolved: await resolveRecipients(ems, project.id, project.tenantId, s.recipients) };
}

export async function listSchemes(ems: Ems, scope: readonly number[], projectId: number): Promise<MailScheme[]> {
  const project = await projectIn(ems, scope, projectId);
  const rows = await emailRepository(ems.db).schemes(projectId);
  return Promise.all(rows.map((r) => toScheme(ems, project, parseScheme(r))));
}

export async function schemeDetail(ems: Ems, scope: readonly number[], id: number): Promise<MailScheme> {
  const row = await emailRepository(ems.db).scheme(id);
  if (!row) throw noPermission();
  const project = await projectIn(ems, scope, row.projectId);
  return toScheme(ems, project, parseScheme(row));
}

const values = (v: MailSchemeInput, now: number) => ({
  projectId: v.projectId,
  name: v.name,
  enabled: v.enabled,
  recipients: JSON.stringify(v.recipients),
  reports: JSON.stringify(v.reports),
  events: v.events === null ? null : JSON.stringify(v.events),
  updateTime: now,
});

export async function createScheme(ems: Ems, lang: Lang, reports: ReportSource | null, scope: readonly number[], input: MailSchemeInput): Promise<MailScheme> {
  const project = await projectIn(ems, scope, input.projectId);
  const v = await checkScheme(ems, lang, reports, project, input);
  const id = await emailRepository(ems.db).createScheme(values(v, ems.config.now()));
  return schemeDetail(ems, scope, id);
}

export async function updateScheme(ems: Ems, lang: Lang, reports: ReportSource | null, scope: readonly number[], id: number, input: MailSchemeInput): Promise<MailScheme> {
  const before = await schemeDetail(ems, scope, id);
  if (before.projectId !== input.projectId) throw invalid(lang, 'projectId', '方案属于另一个项目', 'the scheme belongs to another project');
  const project = await projectIn(ems, scope, input.projectId);
  const v = await checkScheme(ems, lang, reports, project, input, id);
  await emailRepository(ems.db).updateScheme(id, values(v, ems.config.now()));
  return schemeDetail(ems, scope, id);
}

export async function removeScheme(ems: Ems, scope: readonly number[], id: number): Promise<number> {
  await schemeDetail(ems, scope, id);
  await emailRepository(ems.db).removeScheme(id);
  return id;
}

/**
 * A manual send ("send now"): for every report subscription of the scheme, its template's report for
 * the last complete period before now (as a scheduled run due now would report), queued to every
 * resolved recipient on the usual send path (retries, send log). It claims no run (mail_job) and
 * leaves the scheme as it is, so the schedule goes on as before. The caller wakes the sender.
 */
export async function sendSchemeNow(ems: Ems, lang: Lang, reports: ReportSource | null, scope: readonly number[], id: number, projectId: number): Promise<MailSendNowResult> {
  const project = await projectIn(ems, scope, projectId);
  const repo = emailRepository(ems.db);
  const row = await repo.scheme(id);
  // an unknown scheme and another project's are answered alike
  if (!row || row.projectId !== project.id) throw noPermission();
  const s = parseScheme(row);
  if (s.reports.length === 0) throw invalid(lang, 'reports', `方案“${s.name}”没有订阅报表，无可发送的内容`, `the scheme "${s.name}" subscribes to no report: there is nothing to send`);
  if (!s.enabled) throw invalid(lang, 'enabled', `方案“${s.name}”已停用，启用后才能发送`, `the scheme "${s.name}" is disabled: enable it to send`);
  const to = await resolveRecipients(ems, project.id, project.tenantId, s.recipients);
  if (to.length === 0) throw invalid(lang, 'recipients', `方案“${s.name}”的收件人都没有邮件地址`, `none of the recipients of the scheme "${s.name}" has an e-mail address`);
  if (!(await repo.server(project.id))) throw invalid(lang, 'projectId', '本项目尚未设置邮件服务器（邮件服务器设置页）', 'no mail server is set for this project (mail server settings page)');
  if (!reports) throw invalid(lang, 'reports', '本服务器不提供报表邮件', 'report mails are not available on this server');
  const templates = new Map((await reports.templates(ems, project.id)).map((t) => [t.id, t.name]));
  s.reports.forEach((r, i) => {
    if (!templates.has(r.templateId)) throw invalid(lang, `reports[${i}].templateId`, `报表模板 ${r.templateId} 已不存在`, `report template ${r.templateId} no longer exists`);
  });
  const now = ems.config.now();
  const sends: NewSend[] = s.reports.flatMap((r) => {
    const payload = JSON.stringify({ type: 'report', templateId: r.templateId, schedule: r.schedule.kind, due: now, lang: r.lang } satisfies SendPayload);
    const subject = reportSubject(project, templates.get(r.templateId)!, now, mailLang(r.lang));
    return to.map((recipient) => ({ projectId: project.id, schemeId: s.id, kind: 'report', recipient, subject, payload, createTime: now, nextAttempt: now }));
  });
  const ids = await repo.queue(sends);
  return { count: ids.length, ids };
}

export async function schemeOptions(ems: Ems, lang: Lang, reports: ReportSource | null, scope: readonly number[], projectId: number): Promise<MailSchemeOptions> {
  const project = await projectIn(ems, scope, projectId);
  const people = await emailRepository(ems.db).people(project.id, project.tenantId);
  return {
    timezone: project.timezone,
    users: people.users
      .filter((u) => u.enabled)
      .map(({ id, name, nicName, email }) => ({ id, name, nicName, email, groupId: people.members.filter((m) => m.userId === id).sort((a, b) => a.groupId - b.groupId)[0]?.groupId ?? null })),
    groups: people.groups,
    templates: (await reports?.templates(ems, project.id)) ?? [],
    logTypes: NAMED_LOG_TYPES.map((logType) => ({ logType, name: logTypeName(logType, lang) })),
  };
}

// ---------------------------------------------------------------- send log

export async function sendLog(ems: Ems, scope: readonly number[], q: EmailLogQuery): Promise<{ list: EmailSendRecord[]; total: number }> {
  await projectIn(ems, scope, q.projectId);
  const repo = emailRepository(ems.db);
  const { rows, total } = await repo.sends(q.projectId, { ...(q.schemeId ? { schemeId: q.schemeId } : {}), ...(q.status ? { status: q.status } : {}) }, q.page ?? { index: 0, limit: 50 });
  const names = new Map((await repo.schemes(q.projectId)).map((s) => [s.id, s.name]));
  return {
    total,
    list: rows.map((r) => ({
      id: r.id,
      schemeId: r.schemeId,
      schemeName: names.get(r.schemeId) ?? '',
      kind: r.kind as EmailSendRecord['kind'],
      recipient: r.recipient,
      subject: r.subject,
      status: r.status as EmailSendRecord['status'],
      attempts: r.attempts,
      createTime: r.createTime,
      lastAttemptTime: r.lastAttempt,
      nextAttemptTime: r.status === 'pending' ? r.nextAttempt : null,
      sentTime: r.sentTime,
      response: r.response,
      error: r.error,
    })),
  };
}
