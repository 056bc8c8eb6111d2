import nodemailer from 'nodemailer';
import type { EmailCheckResult, SmtpTlsMode } from '@ems/contract';

/** The settings a transport is built from (the password in plain, only in memory). */
export interface SmtpSettings {
  host: string;
  port: number;
  tlsMode: SmtpTlsMode;
  user: string;
  password: string;
  fromAddress: string;
  fromName: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Bounded waits: a dead or slow server costs one send at most ~40 s, never the worker. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, dnsTimeout: 10_000 };

/** none: plain SMTP (no STARTTLS even when offered); starttls: the upgrade is required; tls: TLS from the first byte. */
export function transportOf(s: SmtpSettings) {
  return nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: s.tlsMode === 'tls',
    requireTLS: s.tlsMode === 'starttls',
    ignoreTLS: s.tlsMode === 'none',
    ...(s.user ? { auth: { user: s.user, pass: s.password } } : {}),
    ...TIMEOUTS,
  });
}

const errorText = (e: unknown): string => {
  const err = e as { message?: string; response?: string };
  return (err.response || err.message || String(e)).slice(0, 1000);
};

/** Connects and authenticates without sending (nodemailer verify). */
export async function verifySmtp(s: SmtpSettings): Promise<EmailCheckResult> {
  const transport = transportOf(s);
  try {
    await transport.verify();
    return { ok: true, response: 'OK', error: '' };
  } catch (e) {
    return { ok: false, response: '', error: errorText(e) };
  } finally {
    transport.close();
  }
}

/** Sends one mail; the server's response line, or throws with its error. */
export async function sendMail(s: SmtpSettings, mail: OutgoingMail): Promise<string> {
  const transport = transportOf(s);
  try {
    const info = await transport.sendMail({ from: { name: s.fromName, address: s.fromAddress }, ...mail });
    if (info.rejected.length > 0) throw new Error(`rejected: ${info.rejected.map(String).join(', ')} (${info.response})`);
    return info.response;
  } finally {
    transport.close();
  }
}

/** A send as the test call reports it. */
export async function trySend(s: SmtpSettings, mail: OutgoingMail): Promise<EmailCheckResult> {
  try {
    return { ok: true, response: await sendMail(s, mail), error: '' };
  } catch (e) {
    return { ok: false, response: '', error: errorText(e) };
  }
}

export { errorText };
