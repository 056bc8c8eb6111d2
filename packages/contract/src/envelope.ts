import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Every JSON reply: `code` 0 is success; errors carry a non-zero code and a human `msg`. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    code: Type.Integer(),
    msg: Type.Optional(Type.String()),
    data: data,
    total: Type.Optional(Type.Integer()),
  });

export interface ApiReply<T> {
  code: number;
  msg?: string;
  data: T;
  total?: number;
}

/** Non-zero codes the server sends. HTTP status matches (400, 401, 404, 409, 413, 429, 500, 503). */
export const ErrorCode = {
  ok: 0,
  badRequest: 400,
  unauthorized: 401,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  internal: 500,
  unavailable: 503,
  /** login: timestamps too far from the server's clock (data.serverTime holds the server's time) */
  clockSkew: 1001,
  /** login: (userName, timestamps) already used */
  replay: 1002,
  /** login: wrong name or password */
  badCredentials: 1003,
  /** login: locked after repeated failures (data.retryAfterMs) */
  locked: 1004,
  /** password change: old password wrong */
  oldPasswordWrong: 1005,
  /** password change: new password breaks the strong-password rule */
  weakPassword: 1006,
  /** HTTP 409: the project's stored time zone is not one the server can use (written before zones were validated) */
  projectTimeZoneInvalid: 1010,
} as const;

export const IdParam = Type.Object({ id: Type.Integer({ minimum: 0 }) });

/** Error reply: `data` is null unless the code documents it (1001 serverTime, 1004 retryAfterMs). */
export const ErrorReply = Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Unknown() });
export type IdParam = Static<typeof IdParam>;
