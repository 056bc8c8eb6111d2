import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import {
  ErrorCode,
  LOGIN_CLOCK_SKEW_MS,
  SSO_ACCESS_TOKEN_TTL_MS,
  SSO_SIGNED_OUT_STATE,
  SSO_STATE_TTL_MS,
  type LoginReply,
  type SsoLoginBody,
  type SsoTokenQuery,
  type SsoTokenReply,
} from '@ems/contract';
import type { SsoConfig } from '../../config/types.js';
import type { Ems } from '../../context.js';
import { ApiError } from '../../lib/errors.js';
import { md5hex, sha256hex } from '../../lib/hash.js';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { issueToken } from '../auth/login-service.js';
import { authRepository } from '../auth/repository.js';
import { ssoRepository, type SsoUser } from './repository.js';

/** The provider's metadata and the client, discovered once per app (again after a failure). */
const configurations = new WeakMap<Ems, Promise<oidc.Configuration>>();

function providerOf(ems: Ems, sso: SsoConfig, log: FastifyBaseLogger): Promise<oidc.Configuration> {
  let pending = configurations.get(ems);
  if (!pending) {
    const insecure = new URL(sso.issuer).protocol === 'http:';
    pending = oidc.discovery(new URL(sso.issuer), sso.clientId, undefined, oidc.ClientSecretBasic(sso.clientSecret), {
      timeout: 10,
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
    pending.catch((err: unknown) => {
      configurations.delete(ems);
      log.warn({ err, issuer: sso.issuer }, 'single sign-on: the identity provider cannot be discovered');
    });
    configurations.set(ems, pending);
  }
  return pending.catch(() => {
    throw new ApiError(503, ErrorCode.unavailable, 'ssoUnavailable');
  });
}

const actor = (user: Pick<SsoUser, 'id' | 'name' | 'tenant_id'>, ip: string): AuditActor => ({ tenantId: Number(user.tenant_id), userId: Number(user.id), userName: user.name, ip });

/** A user name from a claim (spec section 5's characters, at most 50), free in the store. */
async function freeName(ems: Ems, wanted: string): Promise<string> {
  const repo = ssoRepository(ems.db);
  const base = (wanted.match(/[\p{L}\p{N}_\-.#·()（）]/gu) ?? []).join('').slice(0, 44) || 'sso_user';
  for (let n = 1; n <= 20; n++) {
    const name = n === 1 ? base : `${base}_${n}`;
    if (!(await repo.nameTaken(name))) return name;
  }
  return `${base.slice(0, 30)}_${randomBytes(6).toString('hex')}`;
}

const textClaim = (claims: Record<string, unknown>, name: string): string | undefined => {
  const v = claims[name];
  return typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 255) : typeof v === 'number' ? String(v) : undefined;
};

/**
 * The user a provider's claims name: the one whose sso_subject is the configured claim's value,
 * else a new one in the configured tenant, role, user type and projects. A disabled user or tenant
 * is refused (and logged).
 */
async function userOf(ems: Ems, sso: SsoConfig, claims: Record<string, unknown>, ip: string, log: FastifyBaseLogger): Promise<SsoUser> {
  const repo = ssoRepository(ems.db);
  const subject = textClaim(claims, sso.claim);
  if (subject === undefined) throw new ApiError(400, ErrorCode.badRequest, 'ssoClaimMissing', null, [sso.claim]);
  let user = await repo.userBySubject(subject);
  if (!user) {
    const [tenant, role] = await Promise.all([repo.tenant(sso.tenantId), repo.role(sso.roleId)]);
    if (!tenant || !role || Number(role.tenant_id) !== sso.tenantId) {
      log.error({ tenantId: sso.tenantId, roleId: sso.roleId }, 'single sign-on: EMS_SSO_TENANT_ID / EMS_SSO_ROLE_ID name no tenant or no role of that tenant; new users cannot be created');
      throw new ApiError(400, ErrorCode.badCredentials, 'ssoUserRefused');
    }
    const now = ems.config.now();
    const name = await freeName(ems, textClaim(claims, 'preferred_username') ?? subject);
    const projectIds = await repo.projectsOf(sso.tenantId, sso.projectIds);
    const id = await repo.insertUser(
      {
        tenantId: sso.tenantId,
        name,
        nicName: (textClaim(claims, 'name') ?? name).slice(0, 64),
        email: (textClaim(claims, 'email') ?? '').slice(0, 128),
        usertype: sso.userType,
        subject,
        roleId: sso.roleId,
        projectIds,
        now,
      },
      // no password of its own: a random one nobody knows (the admin may set one later)
      (userId) => ems.cipher.encrypt(md5hex(randomBytes(32).toString('hex')), userId),
    );
    user = await repo.userBySubject(subject);
    if (!user) throw new Error('single sign-on: the new user is not there');
    if (id !== undefined) {
      await recordAudit(ems, actor(user, ip), {
        kind: 'user',
        action: 'create',
        targetType: 'user',
        targetId: id,
        targetName: name,
        after: { name, tenantId: sso.tenantId, roleIds: [sso.roleId], projectIds, usertype: sso.userType, ssoSubject: subject },
        detail: 'sso',
      });
    }
  }
  await refuseDisabled(ems, user, ip);
  return user;
}

async function refuseDisabled(ems: Ems, user: SsoUser, ip: string): Promise<void> {
  if (Number(user.enabled) === 1 && Number(user.tenant_enabled) === 1) return;
  await recordAudit(ems, actor(user, ip), {
    kind: 'loginFailure',
    action: 'failure',
    targetType: 'user',
    targetId: Number(user.id),
    targetName: user.name,
    ok: false,
    detail: Number(user.enabled) === 1 ? 'sso: tenant disabled' : 'sso: user disabled',
  });
  throw new ApiError(400, ErrorCode.badCredentials, 'ssoUserRefused');
}

/** A new authorization request: state, nonce and PKCE verifier kept in the store; the provider's URL. */
export async function authorizeUrl(ems: Ems, sso: SsoConfig, log: FastifyBaseLogger): Promise<string> {
  const config = await providerOf(ems, sso, log);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const now = ems.config.now();
  await ssoRepository(ems.db).insertState({ state_hash: sha256hex(state), code_verifier: verifier, nonce, created_at: now, expires_at: now + SSO_STATE_TTL_MS }, now);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: sso.redirectUri,
    scope: sso.scopes,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return url.href;
}

/**
 * The provider's answer (code, state, iss) exchanged at its token endpoint with the request's PKCE
 * verifier; the ID token checked (signature, issuer, audience, nonce, expiry); the user found or
 * created. Replies with the app's own single-use access token, not the provider's.
 */
export async function exchangeCode(ems: Ems, sso: SsoConfig, query: SsoTokenQuery, ip: string, log: FastifyBaseLogger): Promise<SsoTokenReply> {
  const config = await providerOf(ems, sso, log);
  const repo = ssoRepository(ems.db);
  const now = ems.config.now();
  const pending = await repo.takeState(sha256hex(query.state), now);
  if (!pending) throw new ApiError(400, ErrorCode.badRequest, 'ssoStateInvalid');
  const callback = new URL(sso.redirectUri);
  callback.search = '';
  callback.searchParams.set('code', query.code);
  callback.searchParams.set('state', query.state);
  if (query.iss !== undefined) callback.searchParams.set('iss', query.iss);
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: pending.code_verifier, expectedState: query.state, expectedNonce: pending.nonce, idTokenExpected: true });
  } catch (err) {
    if (err instanceof oidc.ResponseBodyError || err instanceof oidc.AuthorizationResponseError || err instanceof oidc.ClientError) {
      log.warn({ err: { name: err.name, message: err.message } }, 'single sign-on: the code was refused');
      throw new ApiError(400, ErrorCode.badRequest, 'ssoCodeRejected');
    }
    log.warn({ err }, 'single sign-on: the identity provider did not answer the code exchange');
    throw new ApiError(503, ErrorCode.unavailable, 'ssoUnavailable');
  }
  const claims = tokens.claims();
  if (!claims || tokens.id_token === undefined) throw new ApiError(400, ErrorCode.badRequest, 'ssoCodeRejected');
  const user = await userOf(ems, sso, claims as Record<string, unknown>, ip, log);
  const handle = randomBytes(32).toString('base64url');
  await repo.insertGrant({ handle_hash: sha256hex(handle), user_id: Number(user.id), id_token: tokens.id_token, expires_at: now + SSO_ACCESS_TOKEN_TTL_MS }, now);
  return { access_token: handle, token_type: 'Bearer', expires_in: Math.round(SSO_ACCESS_TOKEN_TTL_MS / 1000) };
}

/** The access token (once) for an app session, as the password login replies; audited as a login by 'sso'. */
export async function ssoLogin(ems: Ems, body: SsoLoginBody, ip: string): Promise<LoginReply> {
  const now = ems.config.now();
  if (Math.abs(now - body.timestamps) > LOGIN_CLOCK_SKEW_MS) throw new ApiError(400, ErrorCode.clockSkew, 'clockSkew', { serverTime: now });
  const repo = ssoRepository(ems.db);
  const grant = await repo.takeGrant(sha256hex(body.token), now);
  if (!grant) throw new ApiError(400, ErrorCode.badRequest, 'ssoTokenInvalid');
  const user = await repo.userById(grant.userId);
  if (!user) throw new ApiError(400, ErrorCode.badRequest, 'ssoTokenInvalid');
  await refuseDisabled(ems, user, ip);
  await authRepository(ems.db).pruneTokens(now);
  const issued = await issueToken(ems, Number(user.id));
  await repo.insertSession({ token_hash: sha256hex(issued.token), id_token: grant.idToken, expires_at: issued.expiresAt }, now);
  await recordAudit(ems, actor(user, ip), { kind: 'login', action: 'success', targetType: 'user', targetId: Number(user.id), targetName: user.name, detail: 'sso' });
  return {
    ...issued,
    user: { id: Number(user.id), name: user.name, nicName: user.nic_name, tenantId: Number(user.tenant_id), customConfig: JSON.stringify({ usertype: user.usertype }) },
  };
}

/**
 * Ends a session (its token revoked, live or not) and, for a single-sign-on one, gives the
 * provider's end-session URL with the ID token as hint and the app as the way back.
 */
export async function ssoLogout(ems: Ems, sso: SsoConfig, token: string | undefined, ip: string, log: FastifyBaseLogger): Promise<string | null> {
  if (token === undefined) return null;
  const repo = ssoRepository(ems.db);
  const tokenHash = sha256hex(token);
  const now = ems.config.now();
  const user = await repo.userOfToken(tokenHash);
  const live = user !== undefined && user.revoked_at === null && Number(user.expires_at) > now;
  await authRepository(ems.db).revokeToken(tokenHash, now);
  const idToken = await repo.takeSession(tokenHash);
  if (idToken === undefined) return null;
  if (live) await recordAudit(ems, actor(user, ip), { kind: 'logout', action: 'logout', targetType: 'user', targetId: Number(user.id), targetName: user.name, detail: 'sso' });
  const config = await providerOf(ems, sso, log).catch(() => undefined);
  if (!config?.serverMetadata().end_session_endpoint) return null;
  return oidc.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: sso.redirectUri, client_id: sso.clientId, state: SSO_SIGNED_OUT_STATE }).href;
}

/**
 * The start-up check of the settings the store must match (printed as a warning): null when the
 * tenant exists and the role is one of its roles. Without them, people met for the first time are
 * refused; users already known still sign in.
 */
export async function ssoSetupProblem(ems: Ems): Promise<string | null> {
  const sso = ems.config.sso;
  if (!sso) return null;
  const repo = ssoRepository(ems.db);
  const [tenant, role] = await Promise.all([repo.tenant(sso.tenantId), repo.role(sso.roleId)]);
  if (!tenant) return `EMS_SSO_TENANT_ID ${sso.tenantId} names no tenant: people signing in for the first time are refused until it does`;
  if (!role || Number(role.tenant_id) !== sso.tenantId) return `EMS_SSO_ROLE_ID ${sso.roleId} is not a role of tenant ${sso.tenantId}: people signing in for the first time are refused until it is`;
  return null;
}
