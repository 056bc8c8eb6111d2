import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@ems/contract';
import { registerErrorHandling } from './errors.js';

async function app() {
  const a = Fastify();
  registerErrorHandling(a);
  a.post('/echo', async (request) => {
    const body = request.body as Record<string, unknown> | undefined;
    return { keys: body ? Object.keys(body) : null, plainProto: body ? Object.getPrototypeOf(body) === Object.prototype : null, polluted: (({}) as { polluted?: unknown }).polluted ?? null };
  });
  await a.ready();
  return a;
}

const post = (a: Awaited<ReturnType<typeof app>>, payload: string) => a.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });

describe('JSON bodies', () => {
  it('a __proto__ key is dropped (no prototype is set or polluted), at any depth; other bodies parse as they are', async () => {
    const a = await app();
    const r = (await post(a, '{"a":1,"__proto__":{"polluted":true},"b":{"__proto__":{"polluted":true}}}')).json();
    expect(r).toEqual({ keys: ['a', 'b'], plainProto: true, polluted: null });
    expect((await post(a, '{"a":1,"b":[1,2]}')).json()).toEqual({ keys: ['a', 'b'], plainProto: true, polluted: null });
    await a.close();
  });

  it('an empty body is no body; malformed JSON is 400 with the envelope', async () => {
    const a = await app();
    expect((await post(a, '  ')).json()).toMatchObject({ keys: null });
    const bad = await post(a, '{"a":');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ErrorCode.badRequest });
    await a.close();
  });
});
