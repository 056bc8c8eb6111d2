import type { TariffVersion } from '@ems/contract';
import { DEFAULT_DEMAND_RULES, capacityBasicFee, demandBasicFee, sumFen, type BillLine, type Fen, type ProRate, type VersionSpan } from '@ems/domain';

/** The basic fee of a billing period and both sides of "which basis is cheaper" (DOMAIN §3). */
export interface BasicPart {
  /** the lines billed: each version's own basis over the days it is in force */
  basic: BillLine[];
  /** the demand-basis lines as each version's election would bill them */
  demandLines: BillLine[];
  /** the capacity line of the last version in use (the one in force when the meter is read) */
  capacityLine: BillLine | null;
  capacityFen: Fen;
  /** Σ max(MD of the version's days, 40 % of capacity) × price per kW, pro-rated as the capacity side */
  demandFen: Fen;
  cheaper: 'capacity' | 'demand' | 'equal';
}

/**
 * The basic fee over the stretches of the period in use (from the first day of metering), each
 * stretch by the version in force: capacity kVA × price, or the demand basis on the MD of the
 * stretch's own days, × days / daysInPeriod rounded once to the fen when the stretch is not the
 * whole period. A stretch before the first version bills nothing. One stretch covering the period
 * gives exactly the unpro-rated month.
 */
export function basicPart(spans: readonly VersionSpan<TariffVersion>[], daysInPeriod: number, blocks: readonly { time: number; kw: number }[]): BasicPart {
  const out: BasicPart = { basic: [], demandLines: [], capacityLine: null, capacityFen: 0, demandFen: 0, cheaper: 'equal' };
  for (const span of spans) {
    const v = span.version;
    if (v === null || span.days <= 0) continue;
    const pro: ProRate | undefined = span.days === daysInPeriod ? undefined : { days: span.days, daysInPeriod };
    const tag = (l: BillLine): BillLine => (pro ? { ...l, ...pro } : l);
    let md = 0;
    for (const b of blocks) if (b.time >= span.from && b.time < span.to && b.kw > md) md = b.kw;
    const input = { capacityKva: v.capacityKva, contractKw: v.contractKw, actualMdKw: md, priceYuanPerKwMonth: v.priceKwMonth };
    const capacity = tag(capacityBasicFee(v.capacityKva, v.priceKvaMonth, pro));
    const demand = demandBasicFee({ ...input, election: v.demandElection }, DEFAULT_DEMAND_RULES, pro);
    const demandLines = demand.ok ? demand.lines.map(tag) : [];
    // the comparison's demand side: max(MD, 40 % of capacity) × price, i.e. the 'actual MD' election
    const compared = demandBasicFee({ ...input, election: 'actual' }, DEFAULT_DEMAND_RULES, pro);
    out.basic.push(...(v.basis === 'capacity' ? [capacity] : demandLines));
    out.demandLines.push(...demandLines);
    out.capacityLine = capacity;
    out.capacityFen = sumFen([out.capacityFen, capacity.fen]);
    out.demandFen = sumFen([out.demandFen, compared.ok ? compared.fen : 0]);
  }
  out.cheaper = out.capacityFen < out.demandFen ? 'capacity' : out.demandFen < out.capacityFen ? 'demand' : 'equal';
  return out;
}

/** The contracted-demand line: each stretch's contract (null where its version is not on the demand basis, or none is in force). */
export function contractLine(spans: readonly VersionSpan<TariffVersion>[]): { from: number; to: number; contractKw: number | null }[] {
  return spans.map((s) => ({ from: s.from, to: s.to, contractKw: s.version !== null && s.version.basis === 'demand' ? s.version.contractKw : null }));
}
