import type { TariffVersion } from '@ems/contract';
import { DEFAULT_DEMAND_RULES, cheaperBasicFeeBasis, proRatedDays, type BillLine, type Fen, type VersionSpan } from '@ems/domain';

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
 * fee (供电营业规则 第84条, {@link proRatedDays}), rounded once to the fen. A stretch before the
 * first version bills nothing. One stretch covering the period gives exactly the monthly fee. The
 * comparison of the two bases is the domain's ({@link cheaperBasicFeeBasis}), on the same stretches.
 */
export function basicPart(spans: readonly VersionSpan<TariffVersion>[], daysInPeriod: number, blocks: readonly { time: number; kw: number }[]): BasicPart {
  const used = spans.filter((s): s is VersionSpan<TariffVersion> & { version: TariffVersion } => s.version !== null && s.days > 0);
  const pros = proRatedDays(
    used.map((s) => s.days),
    daysInPeriod,
  );
  const c = cheaperBasicFeeBasis(
    used.map(({ version: v, from, to }, i) => {
      let md = 0;
      for (const b of blocks) if (b.time >= from && b.time < to && b.kw > md) md = b.kw;
      return { capacityKva: v.capacityKva, priceYuanPerKvaMonth: v.priceKvaMonth, actualMdKw: md, priceYuanPerKwMonth: v.priceKwMonth, election: v.demandElection, contractKw: v.contractKw, pro: pros[i] };
    }),
    DEFAULT_DEMAND_RULES,
  );
  return {
    basic: used.flatMap(({ version }, i) => (version.basis === 'capacity' ? c.capacity.slice(i, i + 1) : (c.demand[i]?.lines ?? []))),
    demandLines: c.demand.flatMap((d) => d.lines),
    capacityLine: c.capacity[c.capacity.length - 1] ?? null,
    capacityFen: c.capacityFen,
    demandFen: c.demandFen,
    cheaper: c.cheaper,
    raisedToMinimum: c.demand.some((d) => d.raisedToMinimum),
  };
}

/** The contracted-demand line: each stretch's contract (null where its version is not on the demand basis, or none is in force). */
export function contractLine(spans: readonly VersionSpan<TariffVersion>[]): { from: number; to: number; contractKw: number | null }[] {
  return spans.map((s) => ({ from: s.from, to: s.to, contractKw: s.version !== null && s.version.basis === 'demand' ? s.version.contractKw : null }));
}
