import { EMAIL_MAX_ATTEMPTS, EMAIL_RETRY_DELAYS_MS, type MailLang, type MailReportSchedule } from '@ems/contract';
import type { Ems } from '../../context.js';
import type { StoredNotification } from '../message/notifier.js';
import { digestBody, digestSubject, eventBody, eventSubject, matches, reportBody, reportSubject, type EventFilter, type MailProject } from './compose.js';
import { emailRepository, type NewSend, type SendRow } from './repository.js';
import type { ReportAttachment, ReportSource } from './report-source.js';
import { latestDigestDue, latestReportDue } from './schedule.js';
import { DIGEST_JOB, mailLang, parseScheme, reportJobKey, resolveRecipients, storedSettings } from './service.js';
import { errorText, sendMail, type OutgoingMail } from './transport.js';

/** What a queued send holds (mail_send.payload). */
export type SendPayload =
  | { type: 'event'; notificationId: number; lang: MailLang }
  | { type: 'digest'; from: number; to: number; lang: MailLang; filter: EventFilter }
  | { type: 'report'; templateId: number; schedule: MailReportSchedule['kind']; due: number; lang: MailLang };

/** The timer's period: due runs are looked for, and retries made, this often. */
export const EMAIL_TICK_MS = 30_000;
/** Events waiting to be matched against immediate schemes; more are dropped (and logged) rather than grow without bound. */
const EVENT_QUEUE_MAX = 5_000;
/** Sends taken per tick, projects served at once, and how long a send is an instance's own. */
const SENDS_PER_TICK = 200;
const SEND_ROUNDS = 10;
const PROJECTS_AT_ONCE = 4;
const LEASE_MS = 10 * 60_000;
const DIGEST_EVENTS_MAX = 5_000;
const DAY = 86_400_000;

export interface EmailWorker {
  /** the reports' side (modules/report); null: report subscriptions cannot be saved, report sends fail with a stated reason */
  reports: ReportSource | null;
  /** Claims the due scheduled runs and makes the due send attempts (the timer calls it; tests call it with a pinned clock). */
  tick(): Promise<void>;
  /** Makes a send pass right away (sends just queued, e.g. a manual send), instead of at the next tick. */
  wake(): void;
  /** Waits until the events raised so far are queued as sends. */
  flushEvents(): Promise<void>;
  start(): void;
  close(): Promise<void>;
}

/** Runs `fn` over items, at most `n` at a time; a failure of one is caught by `fn` itself. */
async function pool<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

export function createEmailWorker(ems: Ems, warn: (msg: string) => void): EmailWorker {
  const repo = emailRepository(ems.db);
  const queue: StoredNotification[] = [];
  let draining: Promise<void> | null = null;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let kickTimer: NodeJS.Timeout | null = null;
  let closed = false;
  let unsubscribe: (() => void) | null = null;

  const worker: EmailWorker = {
    reports: null,
    tick: () => serial(async () => {
      await planRuns();
      await processSends();
    }),
    wake: () => kick(),
    flushEvents: async () => {
      while (draining) await draining;
    },
    start() {
      if (closed || timer) return;
      unsubscribe = ems.notifier.subscribe(onNotification);
      timer = setInterval(() => void worker.tick().catch((e: unknown) => warn(`e-mail tick failed: ${errorText(e)}`)), EMAIL_TICK_MS);
      timer.unref();
      // a run missed while the server was down is sent once, now
      kick(0, true);
    },
    async close() {
      closed = true;
      unsubscribe?.();
      if (timer) clearInterval(timer);
      if (kickTimer) clearTimeout(kickTimer);
      timer = kickTimer = null;
      while (draining || running) await (draining ?? running)?.catch(() => undefined);
    },
  };

  /** One tick or send pass at a time on this instance (instances are kept apart by the store). */
  async function serial(fn: () => Promise<void>): Promise<void> {
    while (running) await running.catch(() => undefined);
    if (closed) return;
    running = fn().finally(() => {
      running = null;
    });
    return running;
  }

  function kick(delay = 0, plan = false) {
    if (closed || kickTimer) return;
    kickTimer = setTimeout(() => {
      kickTimer = null;
      const pass = plan ? worker.tick() : serial(processSends);
      void pass.catch((e: unknown) => warn(`e-mail sending failed: ${errorText(e)}`));
    }, delay);
    kickTimer.unref();
  }

  // ------------------------------------------------------------ events (immediate schemes)

  function onNotification(n: StoredNotification) {
    if (closed) return;
    if (queue.length >= EVENT_QUEUE_MAX) {
      warn(`e-mail: event queue full, event ${n.id} of project ${n.projectId} not mailed`);
      return;
    }
    queue.push(n);
    draining ??= drain().finally(() => {
      draining = null;
    });
  }

  async function drain() {
    await Promise.resolve();
    while (queue.length) {
      const batch = queue.splice(0, 200);
      const projects = [...new Set(batch.map((n) => n.projectId))];
      for (const projectId of projects) {
        try {
          await queueEvents(projectId, batch.filter((n) => n.projectId === projectId));
        } catch (e) {
          warn(`e-mail: events of project ${projectId} not queued: ${errorText(e)}`);
        }
      }
      kick();
    }
  }

  async function queueEvents(projectId: number, events: StoredNotification[]) {
    const project = await repo.project(projectId);
    if (!project) return;
    const schemes = (await repo.schemes(projectId)).map(parseScheme).filter((s) => s.enabled && s.events?.mode === 'immediate');
    const sends: NewSend[] = [];
    for (const s of schemes) {
      const sub = s.events!;
      const hits = events.filter((e) => matches(sub, e));
      if (!hits.length) continue;
      const to = await resolveRecipients(ems, projectId, project.tenantId, s.recipients);
      const lang = mailLang(sub.lang);
      for (const e of hits)
        for (const recipient of to)
          sends.push({
            projectId,
            schemeId: s.id,
            kind: 'event',
            recipient,
            subject: eventSubject(project, e, lang),
            payload: JSON.stringify({ type: 'event', notificationId: e.id, lang: sub.lang } satisfies SendPayload),
            createTime: e.time,
            nextAttempt: ems.config.now(),
          });
    }
    await repo.queue(sends);
  }

  // ------------------------------------------------------------ scheduled runs (reports, digests)

  async function planRuns() {
    const now = ems.config.now();
    const templateNames = new Map<number, Map<number, string>>();
    for (const row of await repo.enabledSchemes()) {
      if (closed) return;
      try {
        const s = parseScheme(row);
        const project = await repo.project(s.projectId);
        if (!project) continue;
        const due = (last: number | undefined, d: number) => (last !== undefined ? d > last : d > s.updateTime);
        for (const r of s.reports) {
          const at = latestReportDue(r.schedule, project.timezone, now);
          const key = reportJobKey(r);
          if (!due(await repo.lastDue(s.id, key), at)) continue;
          if (!templateNames.has(project.id)) templateNames.set(project.id, new Map(((await worker.reports?.templates(ems, project.id)) ?? []).map((t) => [t.id, t.name])));
          const lang = mailLang(r.lang);
          const name = templateNames.get(project.id)!.get(r.templateId) ?? (lang === 'en' ? `report template ${r.templateId}` : `报表模板 ${r.templateId}`);
          const payload = JSON.stringify({ type: 'report', templateId: r.templateId, schedule: r.schedule.kind, due: at, lang: r.lang } satisfies SendPayload);
          const to = await resolveRecipients(ems, project.id, project.tenantId, s.recipients);
          const sends = to.map((recipient) => ({ projectId: project.id, schemeId: s.id, kind: 'report', recipient, subject: reportSubject(project, name, at, lang), payload, createTime: at, nextAttempt: now }));
          await repo.claimRun(s.id, key, at, now, sends);
        }
        const ev = s.events;
        if (ev?.mode === 'digest') {
          const at = latestDigestDue(ev.digestTimes, project.timezone, now);
          if (at === undefined) continue;
          const last = await repo.lastDue(s.id, DIGEST_JOB);
          if (!due(last, at)) continue;
          const from = last ?? at - DAY;
          const events = (await repo.notifications(project.id, from, at, DIGEST_EVENTS_MAX)).filter((e) => matches(ev, e));
          const lang = mailLang(ev.lang);
          const filter: EventFilter = { logTypes: ev.logTypes, eventClasses: ev.eventClasses, levels: ev.levels };
          const payload = JSON.stringify({ type: 'digest', from, to: at, lang: ev.lang, filter } satisfies SendPayload);
          // a window without events is handled (claimed) and mails nobody
          const to = events.length ? await resolveRecipients(ems, project.id, project.tenantId, s.recipients) : [];
          const sends = to.map((recipient) => ({ projectId: project.id, schemeId: s.id, kind: 'digest', recipient, subject: digestSubject(project, from, at, events.length, lang), payload, createTime: at, nextAttempt: now }));
          await repo.claimRun(s.id, DIGEST_JOB, at, now, sends);
        }
      } catch (e) {
        warn(`e-mail: scheme ${row.id} not planned: ${errorText(e)}`);
      }
    }
  }

  // ------------------------------------------------------------ sending

  /** Due sends in rounds of SENDS_PER_TICK until none is left (at most SEND_ROUNDS rounds a pass: the next pass goes on). */
  async function processSends() {
    for (let round = 0; round < SEND_ROUNDS && !closed; round++) if ((await sendRound()) < SENDS_PER_TICK) return;
  }

  async function sendRound(): Promise<number> {
    const rows = await repo.dueSends(ems.config.now(), SENDS_PER_TICK);
    const projects = [...new Set(rows.map((r) => r.projectId))];
    const attachments = new Map<string, Promise<ReportAttachment>>();
    // each project on its own: one project's dead server delays only its own sends
    await pool(projects, PROJECTS_AT_ONCE, async (projectId) => {
      for (const row of rows.filter((r) => r.projectId === projectId)) {
        if (closed) return;
        try {
          await sendOne(row, attachments);
        } catch (e) {
          warn(`e-mail: send ${row.id} not recorded: ${errorText(e)}`);
        }
      }
    });
    return rows.length;
  }

  async function sendOne(row: SendRow, attachments: Map<string, Promise<ReportAttachment>>) {
    const now = ems.config.now();
    if (!(await repo.lease(row, now, now + LEASE_MS))) return;
    const attempts = row.attempts + 1;
    try {
      const project = await repo.project(row.projectId);
      if (!project) throw new Error('the project no longer exists');
      const settings = await storedSettings(ems, row.projectId);
      if (!settings) throw new Error('no SMTP server is set for this project (/emailserverset)');
      const mail = await compose(project, row, attachments);
      const response = await sendMail(settings, mail);
      const at = ems.config.now();
      await repo.finish(row.id, { status: 'sent', attempts, lastAttempt: at, nextAttempt: null, sentTime: at, response, error: '' });
    } catch (e) {
      const at = ems.config.now();
      const delay = EMAIL_RETRY_DELAYS_MS[attempts - 1];
      const last = attempts >= EMAIL_MAX_ATTEMPTS || delay === undefined;
      await repo.finish(row.id, { status: last ? 'failed' : 'pending', attempts, lastAttempt: at, nextAttempt: last ? null : at + delay, sentTime: null, response: '', error: errorText(e) });
    }
  }

  async function compose(project: MailProject & { id: number }, row: SendRow, attachments: Map<string, Promise<ReportAttachment>>): Promise<OutgoingMail> {
    const p = JSON.parse(row.payload) as SendPayload;
    const lang = mailLang(p.lang);
    const base = { to: row.recipient, subject: row.subject };
    if (p.type === 'event') {
      const e = await repo.notification(p.notificationId);
      if (!e) throw new Error(`event ${p.notificationId} no longer exists`);
      return { ...base, subject: eventSubject(project, e, lang), text: eventBody(project, e, lang) };
    }
    if (p.type === 'digest') {
      const events = (await repo.notifications(row.projectId, p.from, p.to, DIGEST_EVENTS_MAX)).filter((e) => matches(p.filter, e));
      return { ...base, text: digestBody(project, p.from, p.to, events, lang) };
    }
    const source = worker.reports;
    if (!source) throw new Error('report delivery is not available on this server (no report module)');
    const key = `${row.projectId}:${p.templateId}:${p.schedule}:${p.due}:${p.lang}`;
    let pending = attachments.get(key);
    if (!pending) {
      pending = source.attachment(ems, { projectId: row.projectId, templateId: p.templateId, schedule: p.schedule, due: p.due, lang: p.lang });
      attachments.set(key, pending);
    }
    const a = await pending;
    return { ...base, text: reportBody(project, a.title, lang), attachments: [{ filename: a.fileName, content: a.content, contentType: a.contentType }] };
  }

  return worker;
}
