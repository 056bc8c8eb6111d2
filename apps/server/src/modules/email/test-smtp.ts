import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { FastifyInstance } from 'fastify';
import { DATA_ID } from '@ems/contract';
import { writeReadings } from '../../test/helpers.js';
import type { ReadingInput } from '../timeseries/service.js';

const QUARTER = 15 * 60_000;

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

/** pf_admin given an e-mail address and a seat in the project (a scheme may name them); their id. */
export async function seatMailAdmin(app: FastifyInstance, projectId: number): Promise<number> {
  const db = app.ems.db;
  const me = await db.selectFrom('app_user').select('id').where('name', '=', 'pf_admin').executeTakeFirstOrThrow();
  const id = Number(me.id);
  await db.updateTable('app_user').set({ email: 'pf.admin@plant.example.com' }).where('id', '=', id).execute();
  const seated = await db.selectFrom('user_project').selectAll().where('user_id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
  if (!seated) await db.insertInto('user_project').values({ user_id: id, project_id: projectId }).execute();
  return id;
}

/** A counter counting 1 kWh per 15 min since `origin` (96 kWh a local day), its readings in [from, to] written. */
export async function writeCounting(app: FastifyInstance, projectId: number, meter: number, origin: number, from: number, to: number): Promise<void> {
  const rs: ReadingInput[] = [];
  for (let ts = from; ts <= to; ts += QUARTER) rs.push({ deviceId: meter, dataId: DATA_ID.activeEnergyImport, ts, value: 1000 + (ts - origin) / QUARTER });
  await writeReadings(app, projectId, rs);
}
