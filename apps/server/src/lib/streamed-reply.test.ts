import { describe, expect, it } from 'vitest';
import { ok } from './reply.js';
import { streamedEnvelope, withLongArray } from './streamed-reply.js';

const text = async (s: NodeJS.ReadableStream) => {
  let out = '';
  for await (const piece of s) out += String(piece);
  return out;
};

describe('streamedEnvelope: the JSON of ok() in pieces', () => {
  const lines = [0, 2500, 1].map((n, k) => ({ deviceId: k + 1, name: 'x "data":[] y', data: Array.from({ length: n }, (_, i) => ({ time: i, value: i % 7 === 0 ? null : i / 3, status: i % 5 })), truncated: k === 1 ? true : undefined }));

  it('lines with long arrays (a piece per thousand points) give the text of ok() exactly, in both languages', async () => {
    for (const lang of ['zh', 'en'] as const) {
      expect(await text(streamedEnvelope(lang, lines, (l) => withLongArray(l, 'data')))).toBe(JSON.stringify(ok(lang, lines, lines.length)));
    }
  });

  it('rows one piece each, and no rows at all', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ deviceId: i, value: i / 7 }));
    expect(await text(streamedEnvelope('en', rows, (r) => [JSON.stringify(r)]))).toBe(JSON.stringify(ok('en', rows, rows.length)));
    expect(await text(streamedEnvelope('en', [], (r) => [JSON.stringify(r)]))).toBe(JSON.stringify(ok('en', [], 0)));
  });
});
