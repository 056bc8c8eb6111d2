/**
 * A node's attrs JSON as an object: missing, malformed or non-object attrs read as {} (the model
 * editor stores what it was given; a page reading one field must not fail on another's mistake).
 */
export function attrsOf(text: string | null | undefined): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A finite number from an attrs value (a number, or a numeric string), else null. */
export function numOrNull(v: unknown): number | null {
  const x = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}
