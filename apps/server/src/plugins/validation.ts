import { AjvCompiler, type BuildCompilerFromPool, type RouteDefinition } from '@fastify/ajv-compiler';

type Validate = ((data: unknown, ctx?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/** Fastify's Ajv defaults for our schemas: an unknown field is refused by the schema, never silently dropped. */
const AJV = { removeAdditional: false, allErrors: false } as const;

/** A UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** A NUL or a lone surrogate: no name, text or key of ours holds one (issue 12; they were stored in names). */
const isBad = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);
const BAD_CHAR_MESSAGE = 'must not contain a NUL character or an unpaired surrogate';

/** The JSON pointer of the first string (value or key) in `value` holding a bad character, or undefined. */
export function badCharAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isBad(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const at = badCharAt(value[i], `${path}/${i}`);
      if (at !== undefined) return at;
    }
    return undefined;
  }
  for (const [key, v] of Object.entries(value)) {
    if (isBad(key)) return `${path}/${key.replaceAll('\u0000', '?')}`;
    const at = badCharAt(v, `${path}/${key}`);
    if (at !== undefined) return at;
  }
  return undefined;
}

/** Ajv's validator, then the bad-character check on what passed; errors in Ajv's shape for the error handler. */
function withCharCheck(validate: Validate): Validate {
  const checked: Validate = (data, ctx) => {
    if (!validate(data, ctx)) {
      checked.errors = validate.errors;
      return false;
    }
    const at = badCharAt(data);
    checked.errors = at === undefined ? null : [{ instancePath: at, keyword: 'badChar', params: {}, message: BAD_CHAR_MESSAGE }];
    return at === undefined;
  };
  // Fastify hands a root-mutating Ajv function its parent (coercion of a whole query string): keep that path.
  checked.schemaEnv = validate.schemaEnv;
  return checked;
}

/**
 * The request validators: JSON bodies without type coercion (null, "1" or true are not the integer 1,
 * issue 12), query strings, path params and headers — text on the wire — coerced to their schema's
 * types. Every part is also refused when a string holds a NUL or an unpaired surrogate. Fastify's own
 * Ajv factory builds both, so its defaults and formats stay.
 */
export function requestValidators(): BuildCompilerFromPool {
  const factory = AjvCompiler();
  return (externalSchemas) => {
    const body = factory(externalSchemas, { customOptions: { ...AJV, coerceTypes: false } });
    const text = factory(externalSchemas, { customOptions: { ...AJV, coerceTypes: true } });
    return (route: RouteDefinition) => withCharCheck((route.httpPart === 'body' ? body : text)(route) as Validate) as ReturnType<ReturnType<BuildCompilerFromPool>>;
  };
}
