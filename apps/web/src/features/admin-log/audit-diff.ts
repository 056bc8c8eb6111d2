/** One changed field of an audit entry: its path and the values before and after (as text). */
export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

const parse = (text: string | null): unknown => {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown): string | null => (v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v));

function walk(path: string, a: unknown, b: unknown, out: FieldChange[], depth: number): void {
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  if (depth < 3 && (isPlain(a) || a === undefined) && (isPlain(b) || b === undefined) && (a !== undefined || b !== undefined)) {
    const keys = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])];
    for (const k of keys) walk(path ? `${path}.${k}` : k, (a as Record<string, unknown> | undefined)?.[k], (b as Record<string, unknown> | undefined)?.[k], out, depth + 1);
    return;
  }
  out.push({ field: path || '—', before: show(a), after: show(b) });
}

/**
 * The fields an audit entry changed, from its before and after JSON texts: objects are compared
 * field by field (nested objects up to three levels, as `a.b.c`), arrays and values as a whole;
 * unchanged fields are left out. A creation has only "after" values, a deletion only "before".
 */
export function diffAudit(before: string | null, after: string | null): FieldChange[] {
  const out: FieldChange[] = [];
  walk('', parse(before), parse(after), out, 0);
  return out;
}
