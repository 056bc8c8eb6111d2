import { Type, type Static } from '@sinclair/typebox';
import { Id, Page } from './bounds.js';

/**
 * E-mail (issue 15; spec section 3 "E-mail program, config and schemeLibrary calls, including an
 * e-mail config validation call"): the SMTP server of a project (/emailserverset) and its
 * distribution schemes (/emailreceiveset): who receives which reports on which schedule, and which
 * events, immediately or as a digest. Times of day are wall-clock times in the project's time zone.
 * The SMTP password is stored encrypted and never returned (`passwordSet`).
 */
export const EMAIL_API = {
  /** GET ?projectId → EmailServer (a project without settings: `configured` false and defaults) */
  server: '/eem-service/v1/email/config',
  /** PUT EmailServerInput → EmailServer */
  saveServer: '/eem-service/v1/email/config',
  /** POST EmailServerInput → EmailCheckResult: connects and authenticates (nodemailer verify), sends nothing */
  validate: '/eem-service/v1/email/config/validate',
  /** POST EmailTestInput → EmailCheckResult: sends a test mail with these settings, reports the server's answer */
  testSend: '/eem-service/v1/email/config/test',
  /** GET ?projectId → MailScheme[] */
  schemes: '/eem-service/v1/email/schemeLibrary',
  /** GET ?projectId → MailSchemeOptions: the users, groups, report templates and event kinds a scheme may name */
  options: '/eem-service/v1/email/schemeLibrary/options',
  /** POST MailSchemeInput → MailScheme */
  create: '/eem-service/v1/email/schemeLibrary',
  /** PUT MailSchemeInput → MailScheme */
  update: '/eem-service/v1/email/schemeLibrary/:id',
  /** DELETE → the id */
  remove: '/eem-service/v1/email/schemeLibrary/:id',
  /**
   * POST MailSendNowInput → MailSendNowResult: queues, for every report subscription of the scheme,
   * the template's report for its last complete period to every resolved recipient now (a manual
   * send: the schedule is left as it is). 400 when the scheme is disabled, has no report
   * subscription or no recipient address, or the project has no SMTP settings.
   */
  sendNow: '/eem-service/v1/email/schemeLibrary/:id/send',
  /** POST EmailLogQuery → EmailSendRecord[] with total (newest first) */
  sendLog: '/eem-service/v1/email/sendLog',
} as const;

/** Retry delays after a failed attempt: 1 min, 5 min, 30 min; after the 4th failed attempt the send is recorded as failed. */
export const EMAIL_RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000] as const;
export const EMAIL_MAX_ATTEMPTS = EMAIL_RETRY_DELAYS_MS.length + 1;
export const MAIL_SCHEME_MAX_ADDRESSES = 100;

export const SmtpTlsMode = Type.Union([Type.Literal('none'), Type.Literal('starttls'), Type.Literal('tls')]);
export type SmtpTlsMode = Static<typeof SmtpTlsMode>;
export const MailLang = Type.Union([Type.Literal('zh-CN'), Type.Literal('en-US')]);
export type MailLang = Static<typeof MailLang>;

/** An address as the form takes it (checked further by the server: one @, a dotted domain, no spaces). */
const Address = Type.String({ minLength: 3, maxLength: 254 });
/** HH:mm, 00:00–23:59 */
export const MailTimeOfDay = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });

export const EmailServerInput = Type.Object(
  {
    projectId: Id,
    host: Type.String({ minLength: 1, maxLength: 253 }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    /** none: plain SMTP; starttls: upgrade required (usually port 587); tls: implicit TLS (usually 465) */
    tlsMode: SmtpTlsMode,
    /** empty: no authentication */
    user: Type.String({ maxLength: 254 }),
    /** absent: keep the stored password; '' clears it; otherwise replaces it */
    password: Type.Optional(Type.String({ maxLength: 256 })),
    fromAddress: Address,
    fromName: Type.String({ maxLength: 100 }),
  },
  { additionalProperties: false },
);
export type EmailServerInput = Static<typeof EmailServerInput>;

export const EmailServer = Type.Object({
  projectId: Type.Integer(),
  configured: Type.Boolean(),
  host: Type.String(),
  port: Type.Integer(),
  tlsMode: SmtpTlsMode,
  user: Type.String(),
  /** a password is stored (it is never sent back) */
  passwordSet: Type.Boolean(),
  fromAddress: Type.String(),
  fromName: Type.String(),
  /** ms; 0 when not configured */
  updateTime: Type.Integer(),
});
export type EmailServer = Static<typeof EmailServer>;

export const EmailTestInput = Type.Object({ ...EmailServerInput.properties, to: Address }, { additionalProperties: false });
export type EmailTestInput = Static<typeof EmailTestInput>;

/** The server's answer: success with its response line (e.g. "250 2.0.0 Ok: queued as …"), or the error text. */
export const EmailCheckResult = Type.Object({ ok: Type.Boolean(), response: Type.String(), error: Type.String() });
export type EmailCheckResult = Static<typeof EmailCheckResult>;

/** A report's schedule, in the project's time zone: daily at time; weekly on weekday (1 Monday … 7 Sunday); monthly on day (a month without it: its last day). */
export const MailReportSchedule = Type.Object(
  {
    kind: Type.Union([Type.Literal('daily'), Type.Literal('weekly'), Type.Literal('monthly')]),
    time: MailTimeOfDay,
    weekday: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 })),
    day: Type.Optional(Type.Integer({ minimum: 1, maximum: 31 })),
  },
  { additionalProperties: false },
);
export type MailReportSchedule = Static<typeof MailReportSchedule>;

export const MailReportSubscription = Type.Object({ templateId: Id, schedule: MailReportSchedule, lang: MailLang }, { additionalProperties: false });
export type MailReportSubscription = Static<typeof MailReportSubscription>;

/** Events to mail: empty lists mean every log type / class / level. Immediate: one mail per event; digest: the events since the last digest at each time. */
export const MailEventSubscription = Type.Object(
  {
    logTypes: Type.Array(Type.Integer({ minimum: 1, maximum: 9999 }), { maxItems: 50 }),
    eventClasses: Type.Array(Type.Integer({ minimum: 1, maximum: 5 }), { maxItems: 5 }),
    levels: Type.Array(Type.Integer({ minimum: 1, maximum: 4 }), { maxItems: 4 }),
    mode: Type.Union([Type.Literal('immediate'), Type.Literal('digest')]),
    /** digest: the times of day (at least one) */
    digestTimes: Type.Array(MailTimeOfDay, { maxItems: 6 }),
    lang: MailLang,
  },
  { additionalProperties: false },
);
export type MailEventSubscription = Static<typeof MailEventSubscription>;

export const MailRecipients = Type.Object(
  {
    userIds: Type.Array(Id, { maxItems: 200 }),
    groupIds: Type.Array(Id, { maxItems: 50 }),
    addresses: Type.Array(Address, { maxItems: MAIL_SCHEME_MAX_ADDRESSES }),
  },
  { additionalProperties: false },
);
export type MailRecipients = Static<typeof MailRecipients>;

export const MailSchemeInput = Type.Object(
  {
    projectId: Id,
    name: Type.String({ minLength: 1, maxLength: 50 }),
    enabled: Type.Boolean(),
    recipients: MailRecipients,
    reports: Type.Array(MailReportSubscription, { maxItems: 20 }),
    events: Type.Union([MailEventSubscription, Type.Null()]),
  },
  { additionalProperties: false },
);
export type MailSchemeInput = Static<typeof MailSchemeInput>;

export const MailScheme = Type.Object({
  id: Type.Integer(),
  projectId: Type.Integer(),
  name: Type.String(),
  enabled: Type.Boolean(),
  recipients: MailRecipients,
  reports: Type.Array(MailReportSubscription),
  events: Type.Union([MailEventSubscription, Type.Null()]),
  /** the addresses the recipients resolve to now (users' and group members' e-mail, then the plain addresses) */
  resolved: Type.Array(Type.String()),
  /** ms */
  updateTime: Type.Integer(),
});
export type MailScheme = Static<typeof MailScheme>;

export const MailSchemeOptions = Type.Object({
  timezone: Type.String(),
  /** the project's users; groupId: the first group they are a member of (the user tree places them there), null for none */
  users: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), nicName: Type.String(), email: Type.String(), groupId: Type.Union([Type.Integer(), Type.Null()]) })),
  groups: Type.Array(Type.Object({ id: Type.Integer(), parentId: Type.Union([Type.Integer(), Type.Null()]), name: Type.String() })),
  templates: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  logTypes: Type.Array(Type.Object({ logType: Type.Integer(), name: Type.String() })),
});
export type MailSchemeOptions = Static<typeof MailSchemeOptions>;

export const EmailProjectQuery = Type.Object({ projectId: Id }, { additionalProperties: false });
export type EmailProjectQuery = Static<typeof EmailProjectQuery>;
export const MailSchemeIdParam = Type.Object({ id: Id }, { additionalProperties: false });
export type MailSchemeIdParam = Static<typeof MailSchemeIdParam>;

export const MailSendNowInput = Type.Object({ projectId: Id }, { additionalProperties: false });
export type MailSendNowInput = Static<typeof MailSendNowInput>;
/** The sends queued by a manual send (one per report subscription and recipient); their ids in the send log. */
export const MailSendNowResult = Type.Object({ count: Type.Integer(), ids: Type.Array(Type.Integer()) });
export type MailSendNowResult = Static<typeof MailSendNowResult>;

export const EmailSendStatus = Type.Union([Type.Literal('pending'), Type.Literal('sending'), Type.Literal('sent'), Type.Literal('failed')]);
export type EmailSendStatus = Static<typeof EmailSendStatus>;
export const EmailSendKind = Type.Union([Type.Literal('report'), Type.Literal('event'), Type.Literal('digest')]);
export type EmailSendKind = Static<typeof EmailSendKind>;

export const EmailLogQuery = Type.Object(
  { projectId: Id, schemeId: Type.Optional(Id), status: Type.Optional(EmailSendStatus), page: Type.Optional(Page) },
  { additionalProperties: false },
);
export type EmailLogQuery = Static<typeof EmailLogQuery>;

const NullableMs = Type.Union([Type.Integer(), Type.Null()]);
export const EmailSendRecord = Type.Object({
  id: Type.Integer(),
  schemeId: Type.Integer(),
  /** '' when the scheme was deleted */
  schemeName: Type.String(),
  kind: EmailSendKind,
  recipient: Type.String(),
  subject: Type.String(),
  status: EmailSendStatus,
  attempts: Type.Integer(),
  /** ms: queued (the due time of a scheduled send) */
  createTime: Type.Integer(),
  lastAttemptTime: NullableMs,
  nextAttemptTime: NullableMs,
  sentTime: NullableMs,
  /** the server's response line of the successful attempt */
  response: Type.String(),
  /** the last attempt's error */
  error: Type.String(),
});
export type EmailSendRecord = Static<typeof EmailSendRecord>;
