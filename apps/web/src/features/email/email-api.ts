import {
  EMAIL_API,
  type EmailCheckResult,
  type EmailSendRecord,
  type EmailSendStatus,
  type EmailServer,
  type EmailServerInput,
  type EmailTestInput,
  type MailScheme,
  type MailSchemeInput,
  type MailSchemeOptions,
  type MailSendNowResult,
} from '@ems/contract';
import { defineQuery } from '../../lib/api/define-query';
import { http } from '../../lib/http/client';

/** A test send or validation waits on the mail server (bounded at ~40 s on the server). */
const SMTP_TIMEOUT_MS = 60_000;

/** GET email/config: the project's SMTP settings (the password only as passwordSet). */
export const serverQuery = defineQuery(['email', 'server'], (projectId: number | null) => ({
  key: [projectId],
  queryFn: async () => (await http.get<EmailServer>(EMAIL_API.server, { projectId: projectId ?? 0 })).data,
  enabled: projectId !== null,
}));

export async function saveServer(input: EmailServerInput): Promise<EmailServer> {
  return (await http.put<EmailServer>(EMAIL_API.saveServer, input)).data;
}
export async function validateServer(input: EmailServerInput): Promise<EmailCheckResult> {
  return (await http.post<EmailCheckResult>(EMAIL_API.validate, input, { timeoutMs: SMTP_TIMEOUT_MS })).data;
}
export async function testSend(input: EmailTestInput): Promise<EmailCheckResult> {
  return (await http.post<EmailCheckResult>(EMAIL_API.testSend, input, { timeoutMs: SMTP_TIMEOUT_MS })).data;
}

/** GET email/schemeLibrary: the project's distribution schemes. */
export const mailSchemesQuery = defineQuery(['email', 'schemes'], (projectId: number | null) => ({
  key: [projectId],
  queryFn: async () => (await http.get<MailScheme[]>(EMAIL_API.schemes, { projectId: projectId ?? 0 })).data ?? [],
  enabled: projectId !== null,
}));

/** GET email/schemeLibrary/options: users, groups, report templates and log types a scheme may name. */
export const mailOptionsQuery = defineQuery(['email', 'options'], (projectId: number | null) => ({
  key: [projectId],
  queryFn: async () => (await http.get<MailSchemeOptions>(EMAIL_API.options, { projectId: projectId ?? 0 })).data,
  enabled: projectId !== null,
  staleTime: 60_000,
}));

export async function saveMailScheme(input: MailSchemeInput, id?: number): Promise<MailScheme> {
  const reply = id === undefined ? await http.post<MailScheme>(EMAIL_API.create, input) : await http.put<MailScheme>(EMAIL_API.update.replace(':id', String(id)), input);
  return reply.data;
}
export async function removeMailScheme(id: number): Promise<number> {
  return (await http.del<number>(EMAIL_API.remove.replace(':id', String(id)))).data;
}

/** POST email/schemeLibrary/:id/send: queues the scheme's reports (last complete period) to its recipients now. */
export async function sendMailSchemeNow(id: number, projectId: number): Promise<MailSendNowResult> {
  return (await http.post<MailSendNowResult>(EMAIL_API.sendNow.replace(':id', String(id)), { projectId })).data;
}

/** POST email/sendLog: one page of the send log, newest first. */
export const sendLogQuery = defineQuery(['email', 'send-log'], (projectId: number | null, index: number, limit: number, status?: EmailSendStatus) => ({
  key: [projectId, index, limit, status ?? ''],
  queryFn: async () => {
    const reply = await http.post<EmailSendRecord[]>(EMAIL_API.sendLog, { projectId: projectId ?? 0, page: { index, limit }, ...(status ? { status } : {}) });
    return { list: reply.data ?? [], total: reply.total ?? 0 };
  },
  enabled: projectId !== null,
}));
