import { ErrorCode } from '@ems/contract';
import type { MessageKey } from './i18n.js';

/** An error with its HTTP status, envelope code, message key and optional data. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly data: unknown = null,
    readonly params: (string | number)[] = [],
  ) {
    super(messageKey);
  }
}

export const unauthorized = () => new ApiError(401, ErrorCode.unauthorized, 'unauthorized');
export const notFound = () => new ApiError(404, ErrorCode.notFound, 'notFound');
export const noPermission = () => new ApiError(404, ErrorCode.notFound, 'noPermission');
export const conflict = (key: MessageKey = 'conflict') => new ApiError(409, ErrorCode.conflict, key);
export const badRequest = (key: MessageKey = 'badRequest') => new ApiError(400, ErrorCode.badRequest, key);
