import type { MailEventSubscription, MailLang, MailReportSchedule, MailScheme, MailSchemeInput } from '@ems/contract';

/** The form of a scheme: as the input, events with an on/off switch. */
export interface MailSchemeFormValues {
  name: string;
  enabled: boolean;
  userIds: number[];
  groupIds: number[];
  addresses: string[];
  reports: { templateId?: number; kind: MailReportSchedule['kind']; weekday?: number; day?: number; time: string; lang: MailLang }[];
  eventsOn: boolean;
  events: MailEventSubscription;
}

export const NEW_EVENTS: MailEventSubscription = { logTypes: [], eventClasses: [], levels: [], mode: 'immediate', digestTimes: [], lang: 'zh-CN' };
export const NEW_MAIL_SCHEME: MailSchemeFormValues = { name: '', enabled: true, userIds: [], groupIds: [], addresses: [], reports: [], eventsOn: false, events: NEW_EVENTS };
export const NEW_REPORT: MailSchemeFormValues['reports'][number] = { kind: 'daily', time: '08:00', lang: 'zh-CN' };

/** One address as the server takes it: a local part, one @, a dotted domain. */
export const ADDRESS_RE = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const TIME_RE = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

export function toMailSchemeForm(s: MailScheme): MailSchemeFormValues {
  return {
    name: s.name,
    enabled: s.enabled,
    userIds: s.recipients.userIds,
    groupIds: s.recipients.groupIds,
    addresses: s.recipients.addresses,
    reports: s.reports.map((r) => ({ templateId: r.templateId, kind: r.schedule.kind, weekday: r.schedule.weekday, day: r.schedule.day, time: r.schedule.time, lang: r.lang })),
    eventsOn: s.events !== null,
    events: s.events ?? NEW_EVENTS,
  };
}

/** The input the server takes: a schedule carries only the field of its kind; a digest's times, only for digests. */
export function toMailSchemeInput(projectId: number, v: MailSchemeFormValues): MailSchemeInput {
  return {
    projectId,
    name: v.name.trim(),
    enabled: v.enabled,
    recipients: { userIds: v.userIds ?? [], groupIds: v.groupIds ?? [], addresses: (v.addresses ?? []).map((a) => a.trim()).filter(Boolean) },
    reports: (v.reports ?? []).map((r) => ({
      templateId: r.templateId ?? 0,
      schedule: {
        kind: r.kind,
        time: r.time,
        ...(r.kind === 'weekly' ? { weekday: r.weekday ?? 1 } : {}),
        ...(r.kind === 'monthly' ? { day: r.day ?? 1 } : {}),
      },
      lang: r.lang,
    })),
    events: v.eventsOn
      ? {
          logTypes: v.events.logTypes ?? [],
          eventClasses: v.events.eventClasses ?? [],
          levels: v.events.levels ?? [],
          mode: v.events.mode,
          digestTimes: v.events.mode === 'digest' ? [...(v.events.digestTimes ?? [])].sort() : [],
          lang: v.events.lang,
        }
      : null,
  };
}
