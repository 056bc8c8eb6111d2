import type { AppConfig } from './config/types.js';
import type { SeedReport } from './modules/seed/service.js';
import { DEFAULT_ROOT_PASSWORD, DEMO_PASSWORD, DEMO_USERS } from './modules/seed/demo-data.js';

/** The start-up banner: URL, store, key source, logins, and the default-password warning. */
export function banner(config: AppConfig, report: SeedReport, url: string): string {
  const store = config.store.kind === 'sqlite' ? `SQLite ${config.store.file} (WAL)` : `PostgreSQL ${redact(config.store.url)}`;
  const lines = [
    '',
    '  EMS energy management server',
    `  URL:        ${url}`,
    `  store:      ${store}`,
    `  data dir:   ${config.dataDir} (system configuration: config.json)`,
    `  key:        ${config.keySource}`,
    `  demo data:  ${report.demo ? 'on' : 'off'}`,
    `  single sign-on: ${config.sso ? `on (provider ${config.sso.issuer}, client ${config.sso.clientId}; password form at /#/login?local=1)` : 'off'}`,
    '  logins:',
    `    ROOT        ${report.rootHasDefaultPassword ? DEFAULT_ROOT_PASSWORD : '(password changed or set by EMS_ROOT_PASSWORD)'}`,
  ];
  if (report.demo) for (const u of DEMO_USERS) lines.push(`    ${u.name.padEnd(11)} ${DEMO_PASSWORD}   (user type ${u.usertype})`);
  for (const note of config.notes) lines.push(`  NOTE: ${note}`);
  if (report.rootHasDefaultPassword) {
    lines.push('', `  WARNING: ROOT still has the default password ${DEFAULT_ROOT_PASSWORD}. Log in as ROOT and change it now.`);
  }
  lines.push('');
  return lines.join('\n');
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}
