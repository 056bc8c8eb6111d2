import { describe, expect, it } from 'vitest';
import { ok } from './reply.js';
import { streamedEnvelopeOf, withLongArray } from './streamed-reply.js';

/** The items in batches of `n`, as a read at a time hands them on. */
async function* batches<T>(items: readonly T[], n: number): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += n) yield items.slice(i, i + n);
}

const text = async (s: NodeJS.ReadableStream) => {
  let out = '';
  for await (const piece of s) out += String(piece);
  return out;
};

describe('streamedEnvelopeOf: the JSON of ok() in pieces, batch by batch', () => {
  const lines = [0, 2500, 1].map((n, k) => ({ deviceId: k + 1, name: 'x "data":[] y', data: Array.from({ length: n }, (_, i) => ({ time: i, value: i % 7 === 0 ? null : i / 3, status: i % 5 })), truncated: k === 1 ? true : undefined }));

  it('lines with long arrays (a piece per thousand points) give the text of ok() exactly, in both languages', async () => {
    for (const lang of ['zh', 'en'] as const) {
      expect(await text(streamedEnvelopeOf(lang, batches(lines, 1), (l) => withLongArray(l, 'data')))).toBe(JSON.stringify(ok(lang, lines, lines.length)));
    }
  });

  it('rows one piece each, and no rows at all', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ deviceId: i, value: i / 7 }));
    expect(await text(streamedEnvelopeOf('en', batches(rows, 2000), (r) => [JSON.stringify(r)]))).toBe(JSON.stringify(ok('en', rows, rows.length)));
    expect(await text(streamedEnvelopeOf('en', batches([], 2000), (r) => [JSON.stringify(r)]))).toBe(JSON.stringify(ok('en', [], 0)));
  });
});
