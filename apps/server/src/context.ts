import type { SystemConfig } from '@ems/contract';
import type { AppConfig } from './config/types.js';
import type { Db } from './db/connect.js';
import type { StoreKind } from './db/migrate.js';
import type { Lang } from './lib/i18n.js';
import type { PasswordCipher } from './lib/password-cipher.js';
import type { Notifier } from './modules/message/notifier.js';

/** The caller, resolved from the token alone on every request. */
export interface Session {
  userId: number;
  name: string;
  tenantId: number;
  usertype: number;
  /** id 1 or name ROOT */
  isRoot: boolean;
  tokenHash: string;
  permissionIds: ReadonlySet<number>;
  /** projects the caller may see */
  projectIds: readonly number[];
}

/** Shared by every module: the store, the config and the password cipher. */
export interface Ems {
  db: Db;
  kind: StoreKind;
  config: AppConfig;
  cipher: PasswordCipher;
  /** the operator-editable system configuration file, read fresh */
  systemConfig(): SystemConfig;
  /** stores notifications and hands them to this instance's listeners (issue 4) */
  notifier: Notifier;
  /**
   * Called after every committed batch of readings, on the instance that ingested it (the rule
   * engine listens here). A listener must not throw and must not block: it gets the rows as written.
   */
  readingListeners: Set<ReadingListener>;
}

/** A committed reading as the write path hands it to listeners (ts in ms). */
export interface CommittedReading {
  deviceId: number;
  dataId: number;
  ts: number;
  value: number;
  status: number;
}

export type ReadingListener = (projectId: number, readings: readonly CommittedReading[]) => void;

declare module 'fastify' {
  interface FastifyInstance {
    ems: Ems;
  }
  interface FastifyRequest {
    session: Session | null;
    lang: Lang;
  }
  interface FastifyContextConfig {
    /** reachable without a session */
    public?: boolean;
    /** permission name the caller must hold (else 404 'no operation permission') */
    permission?: string;
  }
}

/** The session of an authenticated route (the auth hook guarantees it). */
export function sessionOf(request: { session: Session | null }): Session {
  if (!request.session) throw new Error('route without session: mark it public or fix the auth hook');
  return request.session;
}
