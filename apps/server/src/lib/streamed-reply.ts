import { Readable } from 'node:stream';
import { ok } from './reply.js';
import type { Lang } from './i18n.js';

/** Work between two turns of the event loop while a reply is serialised, ms. */
const SLICE_MS = 5;

/**
 * The success envelope of ok() as JSON text in pieces, with a turn of the event loop whenever SLICE_MS
 * of serialising has passed: a reply of many MB serialised at once holds the loop for seconds (issue 12).
 * The items arrive in batches (a read at a time): each batch is written as it comes and dropped, so
 * the reply is never held whole as objects; `total` (after `data` in the envelope) is the number of
 * items written. `pieces` gives an item's JSON in as many parts as it likes (a long line of points, a
 * part per thousand points); the route's response schema then documents the reply but does not serialise it.
 */
export function streamedEnvelopeOf<T>(lang: Lang, batches: AsyncIterable<readonly T[]>, pieces: (item: T) => Iterable<string>): Readable {
  return Readable.from(envelopeChunks(lang, batches, pieces));
}

/** A chunk of the reply at least this long is written at the end of a batch. */
const CHUNK_BYTES = 65_536;

/** A piece at least this long is encoded on its own; shorter ones are gathered into a text of up to this length. */
const OWN_PIECE_CHARS = 16_384;

/**
 * The bytes streamedEnvelopeOf streams, in chunks. Short pieces (a row each) are gathered into a text and
 * encoded together; a long one (a thousand points of a line) is encoded on its own: it is ASCII and encodes
 * at memory speed, where one string holding it with the envelope's Chinese message or a line's names would be
 * a two-byte string and encode ~3 times slower.
 */
async function* envelopeChunks<T>(lang: Lang, batches: AsyncIterable<readonly T[]>, pieces: (item: T) => Iterable<string>): AsyncGenerator<Buffer> {
  const envelope = JSON.stringify(ok(lang, [], 0));
  const cut = envelope.indexOf('"data":[]') + '"data":['.length;
  let parts: Buffer[] = [];
  let size = 0;
  let text = envelope.slice(0, cut);
  const encode = (piece: string) => {
    const bytes = Buffer.from(piece);
    parts.push(bytes);
    size += bytes.length;
  };
  const add = (piece: string) => {
    if (piece.length < OWN_PIECE_CHARS) {
      text += piece;
      if (text.length < OWN_PIECE_CHARS) return;
      piece = text;
    } else if (text.length > 0) encode(text);
    text = '';
    encode(piece);
  };
  const flush = () => {
    if (text.length > 0) encode(text);
    text = '';
    const chunk = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, size);
    parts = [];
    size = 0;
    return chunk;
  };
  let n = 0;
  let slice = performance.now();
  for await (const batch of batches) {
    for (const item of batch) {
      if (n++ > 0) add(',');
      for (const piece of pieces(item)) {
        add(piece);
        if (performance.now() - slice > SLICE_MS) {
          yield flush();
          await new Promise<void>((r) => setImmediate(r));
          slice = performance.now();
        }
      }
    }
    if (size + text.length > CHUNK_BYTES) yield flush();
  }
  add(`],"total":${n}}`);
  yield flush();
}

/** Replies up to this many bytes are sent whole (with a length), larger ones streamed. */
export const INLINE_REPLY_MAX = 1_048_576;

/**
 * streamedEnvelopeOf, but a reply that turns out small (≤ `inlineMax` bytes once every batch is written)
 * is handed back whole: sent with its length, without a stream's per-chunk work (a year's trend line of
 * 2,000 points is ~100 kB, 8 of them ~0.8 MB), and an error while the items are read still gets its error reply. A larger
 * one streams on from where it got, holding at most about `inlineMax` bytes meanwhile.
 */
export async function envelopeReply<T>(lang: Lang, batches: AsyncIterable<readonly T[]>, pieces: (item: T) => Iterable<string>, inlineMax = INLINE_REPLY_MAX): Promise<Buffer | Readable> {
  const chunks = envelopeChunks(lang, batches, pieces);
  const head: Buffer[] = [];
  let size = 0;
  for (;;) {
    const next = await chunks.next();
    if (next.done) return head.length === 1 ? (head[0] as Buffer) : Buffer.concat(head, size);
    head.push(next.value);
    size += next.value.length;
    if (size > inlineMax) break;
  }
  async function* rest(): AsyncGenerator<Buffer> {
    yield* head.splice(0);
    yield* chunks;
  }
  return Readable.from(rest());
}

/** An item whose one array field is long, as JSON pieces: the rest, then the array a thousand elements a piece. */
export function* withLongArray<T extends object>(item: T, field: keyof T & string): Iterable<string> {
  const rest = JSON.stringify({ ...item, [field]: [] });
  const cut = rest.indexOf(`"${field}":[]`) + field.length + 4;
  const list = item[field] as unknown[];
  yield rest.slice(0, cut);
  for (let i = 0; i < list.length; i += 1000) yield (i > 0 ? ',' : '') + JSON.stringify(list.slice(i, i + 1000)).slice(1, -1);
  yield rest.slice(cut);
}
