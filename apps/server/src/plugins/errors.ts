import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@ems/contract';
import { ApiError } from '../lib/errors.js';
import { pickLang, t } from '../lib/i18n.js';

const STORE_DOWN_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', 'SQLITE_CANTOPEN', 'SQLITE_BUSY', 'SQLITE_IOERR']);

/** Whether an error means the store cannot be reached (→ 503). */
export function isStoreDown(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && STORE_DOWN_CODES.has(code)) return true;
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|database connection is not open|Cannot use a pool after calling end|driver has already been destroyed/i.test(err.message);
}

interface AjvError {
  instancePath?: string;
  message?: string;
  params?: { missingProperty?: string; additionalProperty?: string };
}

/** The field an Ajv error is about, as the client named it (e.g. "userName", "capacityKva"). */
function fieldOf(e: AjvError, context: string | undefined): string {
  const path = (e.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const extra = e.params?.missingProperty ?? e.params?.additionalProperty;
  const field = [path, extra].filter((p) => p && p !== '').join('.');
  return field !== '' ? field : (context ?? 'body');
}

/** V8's refusal of a zone: a project's zone stored before zones were validated (issue 12), met by any read. */
const BAD_ZONE = /^Invalid time zone specified: (.*)$/s;

function send(reply: FastifyReply, status: number, code: number, msg: string, data: unknown = null) {
  return reply.code(status).type('application/json; charset=utf-8').send({ code, msg, data });
}

/** What is wrong with a path Fastify refuses before routing. */
const PATH_ERRORS: Record<string, string> = { FST_ERR_BAD_URL: 'not valid UTF-8 percent-encoding', FST_ERR_MAX_PARAM_LENGTH: 'a path parameter is too long' };

/**
 * Fastify's own refusals before any route or hook runs (a path whose percent-encoding is not UTF-8,
 * e.g. a lone surrogate; a 3,000-character id): the envelope too. The `frameworkErrors` server option.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = pickLang(request.headers['accept-language']);
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) return send(reply, 400, ErrorCode.badRequest, t(lang, 'invalidField', 'path', PATH_ERRORS[err.code] ?? 'invalid'));
  request.log.error({ err }, 'framework error');
  return send(reply, 500, ErrorCode.internal, t(lang, 'internal'));
}

/** Maps every error to the envelope with the right status; no stack traces leave the server. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? pickLang(request.headers['accept-language']);
    if (err instanceof ApiError) return send(reply, err.status, err.code, t(lang, err.messageKey, ...err.params), err.data);
    if (err.validation) {
      const first = err.validation[0] as AjvError | undefined;
      const field = first ? fieldOf(first, err.validationContext) : (err.validationContext ?? 'body');
      const detail = first?.params?.additionalProperty ? 'unknown field' : (first?.message ?? 'invalid');
      return send(reply, 400, ErrorCode.badRequest, t(lang, 'invalidField', field, detail));
    }
    const zone = err instanceof RangeError ? BAD_ZONE.exec(err.message) : null;
    if (zone) {
      request.log.warn({ err }, 'a project has an invalid stored time zone');
      return send(reply, 409, ErrorCode.projectTimeZoneInvalid, t(lang, 'projectTimeZoneInvalid', (zone[1] ?? '').slice(0, 64)));
    }
    if (isStoreDown(err)) {
      request.log.error({ err }, 'store unavailable');
      return send(reply, 503, ErrorCode.unavailable, t(lang, 'unavailable'));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(reply, 413, ErrorCode.tooLarge, t(lang, 'tooLarge'));
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
      return send(reply, 400, ErrorCode.badRequest, t(lang, 'malformedJson'));
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // 415 and other client errors: the spec's clients know 400 only.
      return send(reply, 400, ErrorCode.badRequest, `${t(lang, 'badRequest')}: ${err.message}`);
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, 500, ErrorCode.internal, t(lang, 'internal'));
  });

  app.setNotFoundHandler((request, reply) => {
    const lang = request.lang ?? pickLang(request.headers['accept-language']);
    return send(reply, 404, ErrorCode.notFound, t(lang, 'notFound'));
  });

  // JSON bodies: an empty body is "no body" (logout may send none); malformed JSON is a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      // a '__proto__' key is dropped; the reviver (a call per value) runs only when the text holds one
      const parsed: unknown = text.includes('__proto__') ? JSON.parse(text, (key, value: unknown) => (key === '__proto__' ? undefined : value)) : JSON.parse(text);
      done(null, parsed);
    } catch {
      const e = new SyntaxError('malformed JSON') as SyntaxError & { statusCode: number };
      e.statusCode = 400;
      done(e, undefined);
    }
  });
}
