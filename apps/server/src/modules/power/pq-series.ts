import { DATA_ID, HARMONIC_ORDERS, harmonicCurrentId, harmonicVoltageId } from '@ems/contract';

/**
 * The PQ data points kept as 10-min aggregates (pq_10m) and read by the PQ reports: phase
 * voltages, frequency, THD of voltage and current per phase, voltage and current unbalance, and the
 * phase-A harmonic spectrum (voltage content and current, orders 2–25). Phase currents and powers
 * are left out: no PQ index reads them, and every meter reports them.
 */
export const PQ_DATA_IDS: readonly number[] = [
  DATA_ID.voltageA,
  DATA_ID.voltageB,
  DATA_ID.voltageC,
  DATA_ID.frequency,
  DATA_ID.thdVoltageA,
  DATA_ID.thdVoltageB,
  DATA_ID.thdVoltageC,
  DATA_ID.thdCurrentA,
  DATA_ID.thdCurrentB,
  DATA_ID.thdCurrentC,
  DATA_ID.voltageUnbalance,
  DATA_ID.currentUnbalance,
  ...HARMONIC_ORDERS.map(harmonicVoltageId),
  ...HARMONIC_ORDERS.map(harmonicCurrentId),
];

export const PQ_DATA_ID_SET: ReadonlySet<number> = new Set(PQ_DATA_IDS);

/** The series the trend shows: phase voltages, voltage unbalance, voltage THD per phase. */
export const PQ_TREND_IDS: readonly number[] = [
  DATA_ID.voltageA,
  DATA_ID.voltageB,
  DATA_ID.voltageC,
  DATA_ID.voltageUnbalance,
  DATA_ID.thdVoltageA,
  DATA_ID.thdVoltageB,
  DATA_ID.thdVoltageC,
];
