import { Type, type Static } from '@sinclair/typebox';

/**
 * Login body. `password` is md5hex("ems" + timestamps + md5hex(plainPassword)), lower-case hex;
 * `timestamps` is the client's clock in ms and must lie within 5 minutes of the server's.
 */
export const LoginBody = Type.Object(
  {
    userName: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ pattern: '^[0-9a-f]{32}$' }),
    timestamps: Type.Integer({ minimum: 0 }),
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
    id: Type.Integer({ minimum: 1 }),
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
