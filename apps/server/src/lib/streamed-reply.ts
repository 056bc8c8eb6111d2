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
  async function* text(): AsyncGenerator<string> {
    const envelope = JSON.stringify(ok(lang, [], 0));
    const cut = envelope.indexOf('"data":[]') + '"data":['.length;
    let buf = envelope.slice(0, cut);
    let n = 0;
    let slice = performance.now();
    for await (const batch of batches) {
      for (const item of batch) {
        if (n++ > 0) buf += ',';
        for (const piece of pieces(item)) {
          buf += piece;
          if (performance.now() - slice > SLICE_MS) {
            yield buf;
            buf = '';
            await new Promise<void>((r) => setImmediate(r));
            slice = performance.now();
          }
        }
      }
      if (buf.length > 65_536) {
        yield buf;
        buf = '';
      }
    }
    yield `${buf}],"total":${n}}`;
  }
  return Readable.from(text());
}

/** An item whose one array field is long, as JSON pieces: the rest, then the array a thousand elements a piece. */
export function* withLongArray<T extends object>(item: T, field: keyof T & string): Iterable<string> {
  const rest = JSON.stringify({ ...item, [field]: [] });
  const cut = rest.indexOf(`"${field}":[]`) + field.length + 4;
  const list = item[field] as unknown[];
  yield rest.slice(0, cut);
  for (let i = 0; i < list.length; i += 1000) yield (i > 0 ? ',' : '') + list.slice(i, i + 1000).map((x) => JSON.stringify(x)).join(',');
  yield rest.slice(cut);
}
