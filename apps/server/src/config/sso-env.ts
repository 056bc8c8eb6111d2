import type { SsoConfig } from './types.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/** An http(s) URL without a fragment; plain http only on a loopback host (tests, a provider on the same machine). */
function webUrl(raw: string | undefined, name: string, problems: string[]): string | undefined {
  if (raw === undefined) {
    problems.push(`${name} is required when EMS_SSO_ISSUER is set`);
    return undefined;
  }
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    problems.push(`${name} is not a valid URL (got "${raw}")`);
    return undefined;
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && LOOPBACK.has(u.hostname))) {
    problems.push(`${name} must be an https:// URL (http:// only for 127.0.0.1 or localhost) (got "${raw}")`);
  } else if (u.hash !== '' || raw.includes('#')) {
    problems.push(`${name} must not hold a fragment (#...) (got "${raw}")`);
  }
  return raw;
}

function positiveId(raw: string | undefined, name: string, problems: string[]): number {
  if (raw === undefined) {
    problems.push(`${name} is required when EMS_SSO_ISSUER is set`);
    return 0;
  }
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    problems.push(`${name} must be a positive whole number (got "${raw}")`);
    return 0;
  }
  return Number(raw);
}

/**
 * Single sign-on from EMS_SSO_* (README "Single sign-on"): on when EMS_SSO_ISSUER is set, and then
 * the client, the redirect URI, the tenant and the role are required. Problems are appended.
 */
export function loadSsoConfig(env: NodeJS.ProcessEnv, problems: string[]): SsoConfig | undefined {
  const issuerRaw = read(env, 'EMS_SSO_ISSUER');
  if (issuerRaw === undefined) {
    const stray = Object.keys(env).filter((k) => k.startsWith('EMS_SSO_') && read(env, k) !== undefined);
    if (stray.length > 0) problems.push(`${stray.join(', ')} set without EMS_SSO_ISSUER (single sign-on is on only with an issuer)`);
    return undefined;
  }
  const issuer = webUrl(issuerRaw, 'EMS_SSO_ISSUER', problems) ?? '';
  const clientId = read(env, 'EMS_SSO_CLIENT_ID');
  if (clientId === undefined) problems.push('EMS_SSO_CLIENT_ID is required when EMS_SSO_ISSUER is set');
  const clientSecret = env.EMS_SSO_CLIENT_SECRET ?? '';
  if (clientSecret === '') problems.push('EMS_SSO_CLIENT_SECRET is required when EMS_SSO_ISSUER is set (the app is a confidential client)');
  const redirectUri = webUrl(read(env, 'EMS_SSO_REDIRECT_URI'), 'EMS_SSO_REDIRECT_URI', problems) ?? '';
  // the provider appends ?code&state&iss: a query of its own would not survive the exchange
  if (redirectUri.includes('?')) problems.push(`EMS_SSO_REDIRECT_URI must be the app's address without a query (?...) (got "${redirectUri}")`);
  const scopeList = (read(env, 'EMS_SSO_SCOPES') ?? 'openid profile email').split(/\s+/);
  if (scopeList.some((s) => !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(s))) problems.push(`EMS_SSO_SCOPES must be scope names separated by spaces (got "${read(env, 'EMS_SSO_SCOPES') ?? ''}")`);
  const scopes = [...new Set(['openid', ...scopeList])].join(' ');
  const claim = read(env, 'EMS_SSO_CLAIM') ?? 'preferred_username';
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(claim)) problems.push(`EMS_SSO_CLAIM must be a claim name such as preferred_username, email or sub (got "${claim}")`);
  const tenantId = positiveId(read(env, 'EMS_SSO_TENANT_ID'), 'EMS_SSO_TENANT_ID', problems);
  const roleId = positiveId(read(env, 'EMS_SSO_ROLE_ID'), 'EMS_SSO_ROLE_ID', problems);
  const userTypeRaw = read(env, 'EMS_SSO_USER_TYPE') ?? '4';
  if (!/^[1-4]$/.test(userTypeRaw)) problems.push(`EMS_SSO_USER_TYPE must be a user type from 1 to 4 (got "${userTypeRaw}")`);
  const projectsRaw = read(env, 'EMS_SSO_PROJECT_IDS');
  const projectIds = projectsRaw === undefined ? [] : projectsRaw.split(',').map((p) => p.trim());
  if (projectIds.some((p) => !/^\d{1,9}$/.test(p) || Number(p) < 1)) problems.push(`EMS_SSO_PROJECT_IDS must be project ids separated by commas (got "${projectsRaw ?? ''}")`);
  return {
    issuer,
    clientId: clientId ?? '',
    clientSecret,
    redirectUri,
    scopes,
    claim,
    tenantId,
    roleId,
    userType: Number(userTypeRaw),
    projectIds: [...new Set(projectIds.map(Number))],
  };
}
