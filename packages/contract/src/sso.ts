// Single sign-on (spec sections 2, 4 and 7; issue 13): OpenID Connect, authorization code with PKCE.
// The spec shows the token and login calls (ADMIN_API.ssoToken, ADMIN_API.ssoLogin); the status,
// authorize and logout calls are designed in the same style.
import { Type, type Static } from '@sinclair/typebox';
import { ADMIN_API } from './admin.js';
import { EpochMs } from './bounds.js';

export const SSO_API = {
  /** GET, public, always answers: whether single sign-on is on (SsoStatus) */
  status: '/eem-service/thirdpart/sso/auth2.0/status',
  /** GET, public: a new authorization request (SsoAuthorizeReply); the browser goes to its url */
  authorize: '/eem-service/thirdpart/sso/auth2.0/authorize',
  /** GET ?code&state[&iss], public: the provider's answer exchanged for the app's access token (SsoTokenReply) */
  token: ADMIN_API.ssoToken,
  /** POST SsoLoginBody, public: the access token for a session (LoginReply, as the password login) */
  login: ADMIN_API.ssoLogin,
  /** POST, public, with the session's bearer token (live or not): ends it and gives the provider's logout (SsoLogoutReply) */
  logout: '/eem-service/thirdpart/sso/auth2.0/logout',
} as const;

/** How long an authorization request waits for the provider's answer. */
export const SSO_STATE_TTL_MS = 10 * 60 * 1000;
/** How long the app's single-use access token (the token call's reply) can be used for a login. */
export const SSO_ACCESS_TOKEN_TTL_MS = 60 * 1000;

/**
 * The `state` of the provider's logout: the provider sends the browser back to the app's address
 * with `?state=signed-out`, and the login page then says so instead of signing in again at once.
 */
export const SSO_SIGNED_OUT_STATE = 'signed-out';

export const SsoStatus = Type.Object({ enabled: Type.Boolean() });
export type SsoStatus = Static<typeof SsoStatus>;

/** The provider's authorize URL with the state, nonce and PKCE challenge of a new request. */
export const SsoAuthorizeReply = Type.Object({ url: Type.String() });
export type SsoAuthorizeReply = Static<typeof SsoAuthorizeReply>;

/** The provider's answer as the browser got it on the redirect URI (iss when the provider sends it). */
export const SsoTokenQuery = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 2048 }),
    state: Type.String({ minLength: 1, maxLength: 512 }),
    iss: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
  },
  { additionalProperties: false },
);
export type SsoTokenQuery = Static<typeof SsoTokenQuery>;

/**
 * The app's own access token (not the provider's): single use, for SSO_ACCESS_TOKEN_TTL_MS, good
 * only for the login call.
 */
export const SsoTokenReply = Type.Object({ access_token: Type.String(), token_type: Type.Literal('Bearer'), expires_in: Type.Integer() });
export type SsoTokenReply = Static<typeof SsoTokenReply>;

/** `timestamps`: the client's clock in ms, within 5 minutes of the server's (as the password login). */
export const SsoLoginBody = Type.Object(
  {
    client: Type.Literal('web'),
    timestamps: EpochMs,
    token: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type SsoLoginBody = Static<typeof SsoLoginBody>;

/** The provider's end-session URL to send the browser to; null when the session was not a single-sign-on one. */
export const SsoLogoutReply = Type.Object({ url: Type.Union([Type.String(), Type.Null()]) });
export type SsoLogoutReply = Static<typeof SsoLogoutReply>;
