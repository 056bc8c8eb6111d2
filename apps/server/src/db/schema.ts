import type { Generated } from 'kysely';

/** Table shapes. Times are ms since the epoch (bigint), flags 0/1 integers, JSON as text. */
export interface TenantTable {
  id: Generated<number>;
  name: string;
  en_name: string;
  create_time: number;
  /** 0017-admin: 0 = disabled, its users cannot sign in */
  enabled: Generated<number>;
  /** 0019-service-provider: 'tenant' | 'provider' (a service provider looks after other tenants' projects) */
  kind: Generated<string>;
}

/** 0019-service-provider: the tenants a service provider looks after. */
export interface TenantProviderTable {
  provider_id: number;
  tenant_id: number;
}

export interface ProjectTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  en_name: string;
  code: string;
  address: string;
  en_address: string;
  capacity_kva: number;
  area_m2: number;
  timezone: Generated<string>;
  latitude: number | null;
  longitude: number | null;
  industry: string;
  create_time: number;
}

export interface AppUserTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  nic_name: string;
  email: string;
  mobile_phone: string;
  usertype: number;
  /** base64(iv | tag | AES-256-GCM(md5hex(plain))), AAD = user id */
  password_enc: string;
  password_changed_at: number;
  enabled: number;
  /** 0017-admin: 1 after a reset until the user sets their own password */
  must_change_password: Generated<number>;
  create_time: Generated<number>;
  /** 0017-admin: the identity provider's matching claim (single sign-on) */
  sso_subject: string | null;
}

export interface RoleTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  /** JSON text: {homepage, homePagePageNodeId} */
  custom_config: string;
}

export interface RolePermissionTable {
  role_id: number;
  permission_id: number;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface UserProjectTable {
  user_id: number;
  project_id: number;
}

export interface UserGroupTable {
  id: Generated<number>;
  tenant_id: number;
  parent_id: number | null;
  name: string;
}

export interface UserGroupMemberTable {
  group_id: number;
  user_id: number;
}

export interface TokenTable {
  /** sha256 hex of the token */
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface LoginReplayTable {
  user_name: string;
  timestamps: number;
  expires_at: number;
}

export interface LoginFailureTable {
  user_name: string;
  ip: string;
  count: number;
  first_failure_at: number;
  locked_until: number | null;
}

export interface NodeTable {
  id: Generated<number>;
  project_id: number;
  parent_id: number | null;
  model_label: string;
  name: string;
  /** JSON text */
  attrs: string;
  sort: number;
  /** 0002-model */
  code: Generated<string>;
  create_time: Generated<number>;
  update_time: Generated<number>;
}

/** 0003-timeseries: data-point catalogue. */
export interface DataPointTable {
  data_id: number;
  name_zh: string;
  name_en: string;
  unit: string;
  energy_type: number | null;
  /** 'counter' | 'instant' | 'status' */
  kind: string;
  upper_limit: number | null;
  lower_limit: number | null;
}

/** 0003-timeseries: raw readings, keyed by (device_id, data_id, ts); device_id is a node id. */
export interface ReadingTable {
  device_id: number;
  data_id: number;
  ts: number;
  value: number;
  status: number;
}

/** 0031-series-days (PostgreSQL only): one closed UTC day of a series' readings (db/series-source.ts reads it). */
export interface ReadingDayTable {
  device_id: number;
  data_id: number;
  day: number;
  ts_off: number[];
  value: number[];
  status: number[] | null;
}

/** 0031-series-days (PostgreSQL only): one closed UTC day of a series' 15-min consumption (db/series-source.ts). */
export interface Rollup15mDayTable {
  device_id: number;
  data_id: number;
  day: number;
  value: (number | null)[];
  quality: number[] | null;
  n_intervals: number[] | null;
  n_good: number[] | null;
}

/** 0032-series-days-mark (PostgreSQL only): the latest UTC day any series has in day rows (one row, id 1). */
export interface SeriesDaysMarkTable {
  id: number;
  max_day: number;
}

/** 0028-reading-pyramid: per series and UTC hour, the readings' count, sum, earliest extremes, first and last (offsets in ms from bucket_start). */
export interface ReadingHourTable {
  device_id: number;
  data_id: number;
  bucket_start: number;
  n: number;
  total: number;
  min_v: number;
  min_o: number;
  min_s: number;
  max_v: number;
  max_o: number;
  max_s: number;
  first_o: number;
  first_v: number;
  first_s: number;
  last_o: number;
  last_v: number;
  last_s: number;
  status: number;
}

/** 0003-timeseries: counter consumption per bucket (rollup_15m, rollup_hour, rollup_day, rollup_month). */
export interface RollupTable {
  device_id: number;
  data_id: number;
  bucket_start: number;
  value: number | null;
  /** worst status of the 15-min intervals */
  quality: number;
  n_intervals: number;
  n_good: number;
}

/** 0003-timeseries: a declared meter replacement / register reset. */
export interface CounterResetTable {
  device_id: number;
  data_id: number;
  ts: number;
  closing: number;
  opening: number;
}

/** 0003-timeseries: an ingest gateway with its hashed key. */
export interface GatewayTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  /** sha256 hex of the plain key */
  api_key_hash: string;
  mqtt_username: string;
  mqtt_password_hash: string;
  enabled: number;
  last_seen: number | null;
}

/** 0003-timeseries: a rejected message with its reason. */
export interface IngestErrorTable {
  id: Generated<number>;
  project_id: number;
  gateway_id: number | null;
  received_at: number;
  reason: string;
  excerpt: string;
}

/** 0012-pq-aggregate: a 10-min aggregate of one PQ series (mean, min, max and count of its readings). */
export interface Pq10mTable {
  device_id: number;
  data_id: number;
  bucket_start: number;
  mean: number;
  min: number;
  max: number;
  n: number;
}

/** 0012-pq-aggregate: the span [lo, hi) of a device whose 10-min buckets reflect its stored readings. */
export interface PqCoverageTable {
  device_id: number;
  lo: number;
  hi: number;
}

/** 0012-pq-aggregate: a running server's heartbeat (a stale row is a crashed run). */
export interface PqRunTable {
  run_id: string;
  seen_at: number;
}

/** 0017-admin: append-only audit log. */
export interface AuditLogTable {
  id: Generated<number>;
  time: number;
  tenant_id: number;
  user_id: number | null;
  user_name: string;
  ip: string;
  kind: string;
  action: string;
  target_type: string;
  target_id: number | null;
  target_name: string;
  ok: number;
  before: string | null;
  after: string | null;
  detail: string;
}

/** 0020-efficiency-standards: an administrator's edition of a grade table (absent: the published one). */
export interface EfficiencyStandardTable {
  /** 'transformer' | 'chiller' | 'compressor' | 'boiler' */
  kind: string;
  code: string;
  title: string;
  effective_date: string;
  note: string;
  /** JSON array of the kind's rows */
  rows: string;
  updated_by: string;
  update_time: number;
}

export interface Database {
  efficiency_standard: EfficiencyStandardTable;
  audit_log: AuditLogTable;
  tenant: TenantTable;
  tenant_provider: TenantProviderTable;
  project: ProjectTable;
  app_user: AppUserTable;
  role: RoleTable;
  role_permission: RolePermissionTable;
  user_role: UserRoleTable;
  user_project: UserProjectTable;
  user_group: UserGroupTable;
  user_group_member: UserGroupMemberTable;
  token: TokenTable;
  login_replay: LoginReplayTable;
  login_failure: LoginFailureTable;
  node: NodeTable;
  data_point: DataPointTable;
  reading: ReadingTable;
  reading_hour: ReadingHourTable;
  reading_day: ReadingDayTable;
  series_days_mark: SeriesDaysMarkTable;
  rollup_15m_day: Rollup15mDayTable;
  rollup_15m: RollupTable;
  rollup_hour: RollupTable;
  rollup_day: RollupTable;
  rollup_month: RollupTable;
  counter_reset: CounterResetTable;
  gateway: GatewayTable;
  ingest_error: IngestErrorTable;
  pq_10m: Pq10mTable;
  pq_coverage: PqCoverageTable;
  pq_run: PqRunTable;
}
