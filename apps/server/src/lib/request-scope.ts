import type { FastifyRequest } from 'fastify';
import { HEADER } from '@ems/contract';
import { sessionOf } from '../context.js';

/** The projectId header as a number when it holds one (1–10 digits), else undefined. */
export function headerProject(request: FastifyRequest): number | undefined {
  const raw = request.headers[HEADER.projectId];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value && /^\d{1,10}$/.test(value) ? Number(value) : undefined;
}

/** The projects a call may read: the projectId header's (checked visible by the auth hook), else every visible one. */
export function projectScope(request: FastifyRequest): number[] {
  const session = sessionOf(request);
  const id = headerProject(request);
  return id === undefined ? [...session.projectIds] : session.projectIds.filter((p) => p === id);
}
