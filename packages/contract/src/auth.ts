import { Type, type Static } from '@sinclair/typebox';
import { EpochMs, Id } from './bounds.js';

/**
 * Login body. `password` is md5hex("ems" + timestamps + md5hex(plainPassword)), lower-case hex;
 * `timestamps` is the client's clock in ms and must lie within 5 minutes of the server's.
 */
export const LoginBody = Type.Object(
  {
    userName: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ pattern: '^[0-9a-f]{32}$' }),
    timestamps: EpochMs,
    client: Type.Literal('web'),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const CheckTokenBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false });
export type CheckTokenBody = Static<typeof CheckTokenBody>;

/** Password change: plain text over TLS, for the server to enforce the form's rules. */
export const ChangePasswordBody = Type.Object(
  {
    id: Id,
    name: Type.String({ minLength: 1, maxLength: 64 }),
    oldPassword: Type.String({ minLength: 1, maxLength: 32 }),
    newPassword: Type.String({ minLength: 1, maxLength: 18 }),
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** Login window: a timestamps further than this from the server's clock is refused. */
export const LOGIN_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** Lockout after repeated failures from one name and address. */
export const LOGIN_LOCK_MS = 15 * 60 * 1000;

/** Lock length after repeated failures, also the window in which failures are counted. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failures within the window that lock (name, address) for LOGIN_LOCK_MS. */
export const LOGIN_MAX_FAILURES = 5;
/** Token lifetime. */
export const TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

/** data of a 1001 (clock skew) reply */
export const ClockSkewData = Type.Object({ serverTime: Type.Integer() });
export type ClockSkewData = Static<typeof ClockSkewData>;
/** data of a 1004 (locked) reply, HTTP 429 */
export const LockedData = Type.Object({ retryAfterMs: Type.Integer() });
export type LockedData = Static<typeof LockedData>;

/** checktoken reply data while the token is live */
export const CheckTokenReply = Type.Object({ userId: Type.Integer(), expiresAt: Type.Integer() });
export type CheckTokenReply = Static<typeof CheckTokenReply>;

/**
 * Strong password (spec section 5): upper and lower case letters, digits and a special character
 * (anything not a letter or digit), 8 to 18 characters.
 */
export const STRONG_PASSWORD_PATTERN = '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9]).{8,18}$';

/** POST operationAuthCheck?andOr=and|or, body: permission names (each may hold space-separated codes). */
export const OperationAuthCheckQuery = Type.Object({ andOr: Type.Optional(Type.Union([Type.Literal('and'), Type.Literal('or')])) });
export type OperationAuthCheckQuery = Static<typeof OperationAuthCheckQuery>;
export const OperationAuthCheckBody = Type.Array(Type.String({ maxLength: 500 }), { maxItems: 500 });
export type OperationAuthCheckBody = Static<typeof OperationAuthCheckBody>;
