import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Smtp {
  port: number;
  mails: ParsedMail[];
  /** data refused with 451 while set */
  failing: boolean;
  close(): Promise<void>;
}

/** A real SMTP server on a free port for the tests: plain SMTP, authentication required (user ems / s3cret), each mail parsed. */
export async function startSmtp(failing = false): Promise<Smtp> {
  const mails: ParsedMail[] = [];
  const state: Smtp = { port: 0, mails, failing, close: async () => undefined };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'ems' && auth.password === 's3cret') cb(null, { user: 'ems' });
      else cb(new Error('535 authentication failed'));
    },
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.failing) {
          const err = Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 });
          cb(err);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((m) => {
            mails.push(m);
            cb();
          })
          .catch(cb);
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  state.port = (server.server.address() as AddressInfo).port;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** The first To address of a parsed mail. */
export const toAddress = (m: ParsedMail) => (m.to && 'value' in m.to ? (m.to.value[0]?.address ?? '') : '');
