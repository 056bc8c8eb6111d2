import type { TariffVersion } from '@ems/contract';
import { DEFAULT_DEMAND_RULES, capacityBasicFee, demandBasicFee, proRatedDays, sumFen, type BillLine, type Fen, type VersionSpan } from '@ems/domain';

/** The basic fee of a billing period and both sides of "which basis is cheaper" (DOMAIN §3). */
export interface BasicPart {
  /** the lines billed: each version's own basis over the days it is in force */
  basic: BillLine[];
  /** the demand-basis lines as each version's election would bill them (the 105 % excess included) */
  demandLines: BillLine[];
  /** the capacity line of the last version in use (the one in force when the meter is read) */
  capacityLine: BillLine | null;
  capacityFen: Fen;
  /** Σ of the demand lines: what the demand basis bills under each version's own election, penalty included (like with like) */
  demandFen: Fen;
  cheaper: 'capacity' | 'demand' | 'equal';
  /** a version's contracted (or elected actual) demand was below 40 % of its capacity and is billed at 40 % */
  raisedToMinimum: boolean;
}

/**
 * The basic fee over the stretches of the period in use (from the first day of metering), each
 * stretch by the version in force: capacity kVA × price, or the demand basis on the MD of the
 * stretch's own days; a stretch that is not the whole period bills its days × 1/30 of the monthly
 * fee (供电营业规则 第84条), at most 30 days in all, rounded once to the fen. A stretch before the
 * first version bills nothing. One stretch covering the period gives exactly the monthly fee.
 */
export function basicPart(spans: readonly VersionSpan<TariffVersion>[], daysInPeriod: number, blocks: readonly { time: number; kw: number }[]): BasicPart {
  const out: BasicPart = { basic: [], demandLines: [], capacityLine: null, capacityFen: 0, demandFen: 0, cheaper: 'equal', raisedToMinimum: false };
  const used = spans.filter((s) => s.version !== null && s.days > 0);
  const pros = proRatedDays(
    used.map((s) => s.days),
    daysInPeriod,
  );
  used.forEach((span, i) => {
    const v = span.version as TariffVersion;
    const pro = pros[i] ?? undefined;
    let md = 0;
    for (const b of blocks) if (b.time >= span.from && b.time < span.to && b.kw > md) md = b.kw;
    const capacity = capacityBasicFee(v.capacityKva, v.priceKvaMonth, pro);
    const demand = demandBasicFee({ capacityKva: v.capacityKva, contractKw: v.contractKw, actualMdKw: md, priceYuanPerKwMonth: v.priceKwMonth, election: v.demandElection }, DEFAULT_DEMAND_RULES, pro);
    out.basic.push(...(v.basis === 'capacity' ? [capacity] : demand.lines));
    out.demandLines.push(...demand.lines);
    out.capacityLine = capacity;
    out.capacityFen = sumFen([out.capacityFen, capacity.fen]);
    out.demandFen = sumFen([out.demandFen, demand.fen]);
    out.raisedToMinimum ||= demand.raisedToMinimum;
  });
  out.cheaper = out.capacityFen < out.demandFen ? 'capacity' : out.demandFen < out.capacityFen ? 'demand' : 'equal';
  return out;
}

/** The contracted-demand line: each stretch's contract (null where its version is not on the demand basis, or none is in force). */
export function contractLine(spans: readonly VersionSpan<TariffVersion>[]): { from: number; to: number; contractKw: number | null }[] {
  return spans.map((s) => ({ from: s.from, to: s.to, contractKw: s.version !== null && s.version.basis === 'demand' ? s.version.contractKw : null }));
}
