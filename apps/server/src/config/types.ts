export type StoreConfig =
  | { kind: 'sqlite'; file: string }
  /** `schema`: set search_path to it (tests isolate each run in its own schema) */
  | { kind: 'postgres'; url: string; schema?: string };

/** Everything buildApp needs; main.ts reads it from the environment, tests build it directly. */
export interface AppConfig {
  port: number;
  /** HTTP bind address (EMS_HOST; loadConfig's default 0.0.0.0, docs/security.md) */
  host?: string;
  /** holds ems.sqlite and config.json */
  dataDir: string;
  /** the built web app (apps/web/dist) */
  webDir: string;
  store: StoreConfig;
  /** AES-256 key for passwords at rest (32 bytes) */
  key: Buffer;
  /** where the key came from, for the banner */
  keySource: string;
  /** warnings to print at start */
  notes: string[];
  demo: boolean;
  /** demo live feed (EMS_SIM, default on; the history is seeded either way when demo is on) */
  sim?: boolean;
  /** demo history length in days (EMS_SIM_DAYS); default 13 months */
  simDays?: number;
  /** the abnormal-consumption background pass (modules/abnormal); default on; the unit tests turn it off and run it by hand */
  abnormalChecks?: boolean;
  /**
   * raw readings older than this many days are deleted and refused at ingest (EMS_READING_RETENTION_DAYS;
   * absent: kept forever); rollups and the readings pyramid are kept (modules/timeseries/retention.ts)
   */
  readingRetentionDays?: number;
  /** the hourly retention pass when readingRetentionDays is set; default on; the unit tests turn it off and run it by hand */
  readingRetentionPass?: boolean;
  /**
   * PostgreSQL: the background move of closed days into day rows (modules/timeseries/compaction-job.ts); default on
   * (EMS_SERIES_COMPACTION=0 turns it off); the unit tests turn it off and call compactSeriesDays by hand
   */
  seriesCompaction?: boolean;
  /** ROOT's password at first start; default Root@12345 */
  rootPassword: string | undefined;
  logLevel: string;
  /** the server clock, ms since epoch */
  now: () => number;
  /** reply delay after the n-th consecutive failed login (index n-1); missing entries mean 0 */
  loginDelaysMs: number[];
  /** rows `login_failure` keeps at most (default LOGIN_FAILURE_ROWS_MAX; tests lower it) */
  loginFailureRowsMax?: number;
  /** trust X-Forwarded-For (EMS_TRUST_PROXY: 1, or the proxy addresses); the login lock keys on the client address */
  trustProxy: boolean | string;
  /** mqttHost: the embedded broker's bind address (EMS_MQTT_HOST; default 0.0.0.0) */
  services: { redisUrl: string | undefined; mqttUrl: string | undefined; mqttPort: number; mqttHost?: string };
  /** external-broker ingest: EMS_MQTT_CLIENT_ID (default: host name + data dir hash), EMS_MQTT_SHARE_GROUP (default ems-ingest) */
  mqtt?: { clientId?: string; shareGroup?: string };
  /** single sign-on (EMS_SSO_*); absent: off */
  sso?: SsoConfig;
}

/** Single sign-on by OpenID Connect (modules/sso, README "Single sign-on"). */
export interface SsoConfig {
  /** the provider's issuer URL (its discovery document is `${issuer}/.well-known/openid-configuration`) */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** the app's own address, where the provider sends the browser back (registered at the provider) */
  redirectUri: string;
  /** space-separated scopes asked for; always holds openid */
  scopes: string;
  /** the ID-token claim that names a user (stored in app_user.sso_subject) */
  claim: string;
  /** where a user met for the first time is created: tenant, role, user type and projects */
  tenantId: number;
  roleId: number;
  userType: number;
  projectIds: number[];
}
