import { describe, expect, it } from 'vitest';
import type { StandardRowT } from '@ems/contract';
import { DEFAULT_STANDARDS } from '@ems/domain';
import { COLUMNS, newRow, prepare, validCell } from './standard-columns';

const spec = (kind: keyof typeof COLUMNS, key: string) => COLUMNS[kind].find((c) => c.key === key) as (typeof COLUMNS)['chiller'][number];
const chillerRows = DEFAULT_STANDARDS.chiller.rows as unknown as StandardRowT[];

describe('grade-table columns', () => {
  it('read and write one grade limit without touching the others', () => {
    const cop1 = spec('chiller', 'cop1');
    const row = chillerRows[2] as StandardRowT;
    expect(cop1.get(row)).toBe(6.2);
    const next = cop1.set(row, 6.3);
    expect(next).toMatchObject({ cop: [6.3, 6.0, 5.4], iplv: [8.1, 7.5, 6.2] });
    expect(row).toMatchObject({ cop: [6.2, 6.0, 5.4] });
  });
  it('transformer P0/Pk of a grade live in limits[g - 1]; a variant cleared is removed, an open upper bound kept as null', () => {
    const t = DEFAULT_STANDARDS.transformer.rows[0] as unknown as StandardRowT;
    expect(spec('transformer', 'pkKw2').get(t)).toBe(0.505);
    expect(spec('transformer', 'pkKw2').set(t, 0.5)).toMatchObject({ limits: [{ pkKw: 0.455 }, { pkKw: 0.5 }, { pkKw: 0.63 }] });
    expect('connection' in (spec('transformer', 'connection').set(t, null) as object)).toBe(false);
    expect(spec('chiller', 'upToKw').set(chillerRows[3] as StandardRowT, null)).toMatchObject({ upToKw: null });
  });
  it('prepare sorts rows out of band order, keeps a table already in order, and reports the first problem', () => {
    const transformer = DEFAULT_STANDARDS.transformer.rows as unknown as StandardRowT[];
    expect(prepare('transformer', transformer).rows).toEqual(transformer);
    const swapped = [chillerRows[1], chillerRows[0], ...chillerRows.slice(2)] as StandardRowT[];
    expect(prepare('chiller', swapped)).toEqual({ rows: chillerRows, issue: null });
    const bad = chillerRows.map((r, i) => (i === 2 ? spec('chiller', 'cop1').set(r, 5.9) : r));
    expect(prepare('chiller', bad).issue).toEqual({ code: 'gradeOrder', row: 2, field: 'cop' });
  });
  it('cells: numbers ≥ 0, an open bound only where allowed, enums from their list', () => {
    expect(validCell(spec('chiller', 'cop1'), -1)).toBe(false);
    expect(validCell(spec('chiller', 'cop1'), null)).toBe(false);
    expect(validCell(spec('chiller', 'upToKw'), null)).toBe(true);
    expect(validCell(spec('chiller', 'condenser'), 'evaporative')).toBe(false);
    expect(validCell(spec('transformer', 'core'), null)).toBe(true);
  });
  it('a new row copies the last one', () => {
    expect(newRow('chiller', chillerRows)).toEqual(chillerRows[4]);
    expect(newRow('chiller', chillerRows)).not.toBe(chillerRows[4]);
  });
});
