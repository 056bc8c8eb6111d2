import { describe, expect, it } from 'vitest';
import { ok } from './reply.js';
import { Readable } from 'node:stream';
import { envelopeReply, streamedEnvelopeOf, withLongArray } from './streamed-reply.js';

/** The items in batches of `n`, as a read at a time hands them on. */
async function* batches<T>(items: readonly T[], n: number): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += n) yield items.slice(i, i + n);
}

const text = async (s: NodeJS.ReadableStream) => {
  const out: Buffer[] = [];
  for await (const piece of s) out.push(Buffer.isBuffer(piece) ? piece : Buffer.from(String(piece)));
  return Buffer.concat(out).toString('utf8');
};
const textOf = async (r: Buffer | NodeJS.ReadableStream) => (Buffer.isBuffer(r) ? r.toString('utf8') : text(r));

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

describe('envelopeReply: the same text, whole when small, streamed when large', () => {
  const lines = [3, 2500, 0].map((n, k) => ({ deviceId: k + 1, name: k === 0 ? '电表 "data":[] 一' : 'meter', data: Array.from({ length: n }, (_, i) => ({ time: i, value: i % 7 === 0 ? null : i / 3, status: i % 5 })) }));

  it('a small reply is one buffer holding the text of ok() (Chinese message and names included)', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const r = await envelopeReply(lang, batches(lines, 1), (l) => withLongArray(l, 'data'));
      expect(Buffer.isBuffer(r)).toBe(true);
      expect(await textOf(r)).toBe(JSON.stringify(ok(lang, lines, lines.length)));
    }
  });

  it('a reply over the limit streams, the part read so far first, and gives the same text', async () => {
    const r = await envelopeReply('zh', batches(lines, 1), (l) => withLongArray(l, 'data'), 1000);
    expect(r).toBeInstanceOf(Readable);
    expect(await textOf(r)).toBe(JSON.stringify(ok('zh', lines, lines.length)));
  });

  it('an error while the items are read rejects (the route then sends its error reply), before any byte is sent', async () => {
    async function* failing() {
      yield [lines[0]!];
      throw new Error('read failed');
    }
    await expect(envelopeReply('en', failing(), (l) => withLongArray(l, 'data'))).rejects.toThrow('read failed');
  });
});
