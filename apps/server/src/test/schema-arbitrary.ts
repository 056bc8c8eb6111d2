// fast-check values from a route's JSON schema (TypeBox output), and hostile variants of them.
import fc from 'fast-check';

export type Schema = {
  type?: string;
  $id?: string;
  $ref?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

export interface ArbitraryOptions {
  /** ids drawn now and then from these (the seeded rows), so a valid request reaches past the 404 */
  knownIds: readonly number[];
  /** instants drawn now and then near this (ms) */
  now: number;
}

const ID_KEY = /(^ids?$|Ids?$|^idRange$|ID$)/;
const TIME_KEY = /(time|Time|^from$|^to$|^ts$)/;
/** a value fitting any field: the model query's limits, attributes, readings */
const anyJson = fc.oneof(fc.constant(null), fc.integer({ min: -5, max: 5 }), fc.string({ maxLength: 8 }), fc.boolean(), fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }));

function integerArb(s: Schema, key: string, o: ArbitraryOptions): fc.Arbitrary<number> {
  const min = Math.max(s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -(2 ** 31)), Number.MIN_SAFE_INTEGER);
  const max = Math.min(s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 2 ** 31 - 1), Number.MAX_SAFE_INTEGER);
  const any = fc.integer({ min, max });
  const near = (values: number[]) => values.filter((v) => v >= min && v <= max);
  const hints = ID_KEY.test(key) ? near([...o.knownIds]) : TIME_KEY.test(key) ? near([o.now - 30 * 86_400_000, o.now - 86_400_000, o.now]) : near([0, 1]);
  return hints.length > 0 ? fc.oneof(fc.constantFrom(...hints), any) : any;
}

function numberArb(s: Schema): fc.Arbitrary<number> {
  const min = s.minimum ?? s.exclusiveMinimum ?? -1e9;
  const max = s.maximum ?? s.exclusiveMaximum ?? 1e9;
  return fc
    .double({ min, max, noNaN: true, noDefaultInfinity: true })
    .filter((n) => (s.exclusiveMinimum === undefined || n > s.exclusiveMinimum) && (s.exclusiveMaximum === undefined || n < s.exclusiveMaximum));
}

function stringArb(s: Schema): fc.Arbitrary<string> {
  const maxLength = Math.min(s.maxLength ?? 24, 24);
  const base = s.pattern ? fc.stringMatching(new RegExp(s.pattern, 'u')).map((v) => v.slice(0, s.maxLength ?? v.length)) : fc.string({ minLength: s.minLength ?? 0, maxLength: Math.max(maxLength, s.minLength ?? 0) });
  return base;
}

/** Values of the schema (mostly valid: patterns are cut to maxLength, so now and then one is not). */
export function arbitraryOf(schema: Schema, o: ArbitraryOptions, refs = new Map<string, Schema>(), key = '', depth = 0): fc.Arbitrary<unknown> {
  if (schema.$id) refs.set(schema.$id, schema);
  if (schema.$ref) {
    const target = refs.get(schema.$ref);
    return target && depth < 2 ? arbitraryOf(target, o, refs, key, depth + 1) : fc.constant({});
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((s) => arbitraryOf(s, o, refs, key, depth)));
  if (schema.allOf) return fc.tuple(...schema.allOf.map((s) => arbitraryOf(s, o, refs, key, depth))).map((parts) => Object.assign({}, ...parts.filter((p) => p && typeof p === 'object')));
  switch (schema.type) {
    case 'object': {
      const props = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, arbitraryOf(s, o, refs, k, depth)]));
      const required = (schema.required ?? []).filter((k) => k in props);
      const record = fc.record(model, { requiredKeys: required });
      const extra = schema.patternProperties ? Object.values(schema.patternProperties)[0] : typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
      if (!extra) return record;
      return fc.tuple(record, fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), arbitraryOf(extra, o, refs, '', depth), { maxKeys: 3 })).map(([r, d]) => ({ ...d, ...r }));
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      if (schema.items?.$ref && depth >= 1) return fc.constant([]);
      return fc.array(schema.items ? arbitraryOf(schema.items, o, refs, key, depth) : anyJson, { minLength, maxLength: Math.min(schema.maxItems ?? minLength + 3, minLength + 3) });
    }
    case 'string':
      return stringArb(schema);
    case 'integer':
      return integerArb(schema, key, o);
    case 'number':
      return numberArb(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return anyJson;
  }
}

/** Values that break a field: wrong types, nulls, huge and tiny numbers, NUL and lone surrogates, huge strings and arrays. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  '1',
  true,
  false,
  0,
  -1,
  0.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  -(2 ** 53 + 2),
  2 ** 31,
  5e-324,
  '',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  'x'.repeat(100_000),
  [],
  {},
  [1, '2', null],
  Array.from({ length: 20_000 }, (_, i) => i),
];

export type Path = (string | number)[];

/** Every place in a JSON value, the root first. */
function pathsOf(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  return out;
}

function replaceAt(value: unknown, path: Path, make: (old: unknown) => unknown): unknown {
  if (path.length === 0) return make(value);
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, make) : v));
  const obj = value as Record<string, unknown>;
  return { ...obj, [head]: replaceAt(obj[head], rest, make) };
}

/** One hostile edit of a value: a place replaced by a hostile value, an unknown field added, or an array blown up. */
export function hostileVariant(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.nat(), fc.nat({ max: HOSTILE_VALUES.length + 1 })).map(([value, p, h]) => {
    const paths = pathsOf(value);
    const path = paths[p % paths.length] as Path;
    return replaceAt(value, path, (old) => {
      if (h === HOSTILE_VALUES.length && old && typeof old === 'object' && !Array.isArray(old)) return { ...old, unknownField: 1 };
      if (h === HOSTILE_VALUES.length + 1 && Array.isArray(old)) return Array.from({ length: 5000 }, () => old[0] ?? 1);
      return HOSTILE_VALUES[h % HOSTILE_VALUES.length];
    });
  });
}

/** Path parameter texts that break an id or a name. */
export const HOSTILE_PARAMS: readonly string[] = ['1e308', '-1', '0', '9007199254740994', '2147483648', 'abc', '%00', '%ED%A0%80', 'a%00b', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(3000)];

/** One field of a request given a value its schema refuses. */
export interface Injection {
  path: Path;
  value: unknown;
}

/** The schemas a value may match at a place: $refs resolved, unions flattened. */
function membersOf(schema: Schema, refs: Map<string, Schema>): Schema[] {
  if (schema.$id) refs.set(schema.$id, schema);
  if (schema.$ref) {
    const target = refs.get(schema.$ref);
    return target ? membersOf(target, refs) : [];
  }
  const union = schema.anyOf ?? schema.oneOf;
  return union ? union.flatMap((m) => membersOf(m, refs)) : [schema];
}

const jsonType = (m: Schema): string | undefined => (m.const !== undefined ? (m.const === null ? 'null' : typeof m.const) : m.enum ? typeof m.enum[0] : m.type === 'integer' ? 'number' : m.type);

/** Values no member of the place accepts: a wrong type, a number past the bounds, a bad character, an unknown field, an array too long. */
function refusedAt(members: Schema[], value: unknown): unknown[] {
  const types = new Set(members.map(jsonType));
  if (types.has(undefined)) return []; // unknown: anything goes
  const out: unknown[] = [];
  if (!types.has('null')) out.push(null);
  if (!types.has('string')) out.push('1');
  if (!types.has('boolean')) out.push(true);
  const numbers = members.filter((m) => m.type === 'number' || m.type === 'integer');
  if (numbers.length > 0) {
    const max = Math.max(...numbers.map((m) => m.maximum ?? m.exclusiveMaximum ?? Infinity));
    const min = Math.min(...numbers.map((m) => m.minimum ?? m.exclusiveMinimum ?? -Infinity));
    if (max < 1e308) out.push(1e308);
    if (min > -1e308) out.push(-1e308);
    if (max < 2 ** 53 + 2) out.push(2 ** 53 + 2);
  }
  if (types.has('string') && members.every((m) => m.const === undefined && !m.enum)) out.push('a\u0000b', 'x\ud800');
  const object = members.find((m) => m.type === 'object');
  if (object?.additionalProperties === false && value && typeof value === 'object' && !Array.isArray(value)) out.push({ ...value, unknownField: 1 });
  const array = members.find((m) => m.type === 'array');
  if (array?.maxItems !== undefined && Array.isArray(value) && value.length > 0) out.push(Array.from({ length: array.maxItems + 1 }, () => value[0]));
  return out;
}

/** For every place in a valid value, each kind of value its schema refuses there. */
export function injections(schema: Schema, value: unknown, refs = new Map<string, Schema>(), path: Path = [], out: Injection[] = []): Injection[] {
  const members = membersOf(schema, refs);
  for (const refused of refusedAt(members, value)) out.push({ path, value: refused });
  if (Array.isArray(value)) {
    const items = members.find((m) => m.type === 'array')?.items;
    if (items && value.length > 0) injections(items, value[0], refs, [...path, 0], out);
  } else if (value && typeof value === 'object') {
    const object = members.find((m) => m.type === 'object');
    for (const [k, v] of Object.entries(value)) {
      const sub = object?.properties?.[k];
      if (sub) injections(sub, v, refs, [...path, k], out);
    }
  }
  return out;
}

/** The value with `path` set to `to`. */
export function withValueAt(value: unknown, path: Path, to: unknown): unknown {
  return replaceAt(value, path, () => to);
}

/** Texts a query-string or path field refuses. */
export function textInjections(schema: Schema): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = [];
  for (const [name, sub] of Object.entries(schema.properties ?? {})) {
    const members = membersOf(sub, new Map());
    const types = new Set(members.map(jsonType));
    const refused = types.has('number')
      ? ['abc', '1e308', '-1e308', '9007199254740994']
      : types.has('boolean')
        ? ['maybe']
        : members.some((m) => m.const !== undefined || m.enum)
          ? ['nope', 'a\u0000b']
          : types.has('string')
            ? ['a\u0000b'] // a lone surrogate cannot be written in a URL (its UTF-8 does not exist)
            : [];
    for (const value of refused) out.push({ name, value });
  }
  return out;
}
