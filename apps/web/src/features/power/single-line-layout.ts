import type { Bay, BusbarSection, MeterLive, Supply, TransformerBlock } from '@ems/contract';

/** Geometry of the single-line diagram (px). */
export const SLD = {
  feederW: 124,
  busGap: 24,
  blockGap: 48,
  supplyGap: 72,
  margin: 24,
  incomerY: 80,
  hvBusY: 132,
  transformerY: 182,
  lvMainY: 244,
  lvBusY: 336,
  feederBreakerY: 370,
  feederLabelY: 404,
  height: 500,
} as const;

export interface LaidBus {
  x0: number;
  x1: number;
  bus: BusbarSection;
  /** feeder centre x */
  feeders: { x: number; bay: Bay }[];
}

export interface LaidBlock {
  x0: number;
  x1: number;
  cx: number;
  block: TransformerBlock;
  buses: LaidBus[];
}

export interface LaidSupply {
  x0: number;
  x1: number;
  cx: number;
  supply: Supply;
  blocks: LaidBlock[];
}

/**
 * Places the supplies left to right: each transformer block is as wide as its feeders (one
 * `feederW` each, at least one), its busbars side by side; the incomer has the supply's first
 * column (cx), joined to its blocks by the HV bus.
 */
export function layoutSingleLine(supplies: readonly Supply[]): { width: number; height: number; supplies: LaidSupply[] } {
  let x = SLD.margin;
  const out: LaidSupply[] = [];
  supplies.forEach((supply, si) => {
    if (si > 0) x += SLD.supplyGap;
    const sx0 = x;
    // the incomer's column comes first, so it is on screen where the diagram starts
    const incomerX = supply.incomer ? x + SLD.feederW / 2 : null;
    if (supply.incomer) x += SLD.feederW + SLD.blockGap / 2;
    const blocks: LaidBlock[] = [];
    supply.blocks.forEach((block, bi) => {
      if (bi > 0) x += SLD.blockGap;
      const bx0 = x;
      const buses: LaidBus[] = [];
      block.busbars.forEach((bus, ui) => {
        if (ui > 0) x += SLD.busGap;
        const ux0 = x;
        const n = Math.max(1, bus.feeders.length);
        const feeders = bus.feeders.map((bay, k) => ({ x: ux0 + (k + 0.5) * SLD.feederW, bay }));
        x += n * SLD.feederW;
        buses.push({ x0: ux0, x1: x, bus, feeders });
      });
      if (block.busbars.length === 0) x += SLD.feederW;
      blocks.push({ x0: bx0, x1: x, cx: (bx0 + x) / 2, block, buses });
    });
    if (supply.blocks.length === 0) x += SLD.feederW;
    out.push({ x0: sx0, x1: x, cx: incomerX ?? (sx0 + x) / 2, supply, blocks });
  });
  return { width: x + SLD.margin, height: SLD.height, supplies: out };
}

const fmt = (v: number | null, digits: number) => (v === null ? '--' : v.toFixed(digits));

/** The value lines under a meter: P, I (mean of the reported phases), U (phase A, else the mean), PF. */
export function meterLines(m: MeterLive | null): string[] {
  if (!m) return [];
  const mean = (xs: (number | null)[]) => {
    const v = xs.filter((x): x is number => x !== null);
    return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
  };
  return [`P ${fmt(m.p, 1)} kW`, `I ${fmt(mean([m.ia, m.ib, m.ic]), 1)} A`, `U ${fmt(m.ua ?? mean([m.ub, m.uc]), 1)} V`, `PF ${fmt(m.pf, 3)}`];
}

/** Splits a name into lines of at most `max` characters (two lines, the second cut with an ellipsis). */
export function nameLines(name: string, max = 9): string[] {
  const chars = [...name];
  if (chars.length <= max) return [name];
  const second = chars.slice(max);
  return [chars.slice(0, max).join(''), second.length > max ? `${second.slice(0, max - 1).join('')}…` : second.join('')];
}
