import { describe, expect, it } from 'vitest';
import type { TransformerAnalysis } from '@ems/contract';
import { etaOption, OPTIMUM_PIN_PX } from './analysis-charts';

const tokens = { primary: 'p', success: 's', warning: 'w' } as unknown as Parameters<typeof etaOption>[1];
const labels = { eta: 'η', today: 'today', optimum: 'optimum' };
const analysis = (optimum: { loadRatePct: number; efficiencyPct: number } | null) =>
  ({ etaCurve: [10, 40.88, 80].map((b) => ({ loadRatePct: b, efficiencyPct: 99 })), today: [], optimum }) as unknown as TransformerAnalysis;
const gridTop = (a: TransformerAnalysis) => (etaOption(a, tokens, labels).grid as { top: number }).top;

describe('η–β chart (issue 11 defect 8)', () => {
  it("leaves room above the curve for the optimum's pin, so the 40.88 % marker stays below the legend", () => {
    expect(gridTop(analysis({ loadRatePct: 40.88, efficiencyPct: 99.36 }))).toBeGreaterThanOrEqual(36 + OPTIMUM_PIN_PX);
    expect(gridTop(analysis(null))).toBe(36);
  });
});
