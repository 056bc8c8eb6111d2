import { describe, expect, it } from 'vitest';
import type { TariffVersion } from '@ems/contract';
import { versionSpans } from '@ems/domain';
import { at } from '../../test/fixtures.js';
import { contractLine } from './basic-fee.js';

const TZ = 'Asia/Shanghai';
const v = (effectiveFrom: string, basis: 'capacity' | 'demand', contractKw: number) => ({ effectiveFrom, basis, contractKw }) as unknown as TariffVersion;

describe('the demand curve’s contract line', () => {
  it('steps on the day a new version takes effect; a capacity-basis stretch has none', () => {
    const may = { from: at(2025, 5, 1), to: at(2025, 6, 1) };
    const spans = versionSpans([v('2025-01-01', 'capacity', 0), v('2025-05-16', 'demand', 40)], may, TZ);
    expect(contractLine(spans)).toEqual([
      { from: at(2025, 5, 1), to: at(2025, 5, 16), contractKw: null },
      { from: at(2025, 5, 16), to: at(2025, 6, 1), contractKw: 40 },
    ]);
  });

  it('one version over the month: one stretch (the reply then carries no steps)', () => {
    const june = { from: at(2025, 6, 1), to: at(2025, 7, 1) };
    expect(contractLine(versionSpans([v('2025-01-01', 'demand', 200)], june, TZ))).toEqual([{ ...june, contractKw: 200 }]);
  });
});
