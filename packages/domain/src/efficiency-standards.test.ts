import { describe, expect, it } from 'vitest';
import {
  boilerGrade,
  boilerGradeLimits,
  chillerGrade,
  chillerGradeLimits,
  compressorGrade,
  compressorGradeLimits,
  DEFAULT_STANDARDS,
  EQUIPMENT_KINDS,
  hotWaterMwToTph,
  sortStandardRows,
  transformerGrade,
  transformerGradeLimits,
  validateStandardRows,
  type ChillerGradeRow,
  type StandardEdition,
} from './efficiency-standards.js';

const { transformer: T, chiller: CH, compressor: AC, boiler: BO } = DEFAULT_STANDARDS;

describe('the editions as published', () => {
  it('carry code, title, effective date and a source note', () => {
    expect([T.code, CH.code, AC.code, BO.code]).toEqual(['GB 20052-2024', 'GB 19577-2024', 'GB 19153-2019', 'GB 24500-2020']);
    expect([T.effectiveDate, CH.effectiveDate, AC.effectiveDate, BO.effectiveDate]).toEqual(['2025-02-01', '2025-02-01', '2020-07-01', '2021-06-01']);
    for (const k of EQUIPMENT_KINDS) {
      expect(DEFAULT_STANDARDS[k].title.length).toBeGreaterThan(5);
      expect(DEFAULT_STANDARDS[k].note.length).toBeGreaterThan(40);
    }
  });
  it.each(EQUIPMENT_KINDS)('%s: the published table passes its own validation', (k) => {
    expect(validateStandardRows(k, DEFAULT_STANDARDS[k].rows as never)).toBeNull();
  });
});

describe('chillers, GB 19577-2024 (grade on IPLV with COP ≥ grade-3 COP, or on COP with IPLV ≥ grade-3 IPLV)', () => {
  const demo = { condenser: 'water' as const, ratedCoolingKw: 879 };
  it('879 kW water-cooled falls in 528 < CC ≤ 1163: COP 6.2/6.0/5.4, IPLV 8.1/7.5/6.2', () =>
    expect(chillerGradeLimits(CH, demo)).toEqual([
      { grade: 1, cop: 6.2, iplv: 8.1 },
      { grade: 2, cop: 6.0, iplv: 7.5 },
      { grade: 3, cop: 5.4, iplv: 6.2 },
    ]));
  it('band edges: 528 kW is in ≤ 528 (COP grade 3 5.0), 528.1 kW in the next (5.4); 1163 in 528–1163', () => {
    expect(chillerGradeLimits(CH, { condenser: 'water', ratedCoolingKw: 528 })?.[2]?.cop).toBe(5.0);
    expect(chillerGradeLimits(CH, { condenser: 'water', ratedCoolingKw: 528.1 })?.[2]?.cop).toBe(5.4);
    expect(chillerGradeLimits(CH, { condenser: 'water', ratedCoolingKw: 1163 })?.[0]?.iplv).toBe(8.1);
    expect(chillerGradeLimits(CH, { condenser: 'water', ratedCoolingKw: 1163.5 })?.[0]?.iplv).toBe(8.5);
  });
  it('COP 5.7 alone → grade 3 (5.4 ≤ 5.7 < 6.0); COP 6.05 → grade 2; COP 6.2 → grade 1; COP 5.3 → below', () => {
    expect(chillerGrade(CH, demo, { cop: 5.7, iplv: null })).toBe(3);
    expect(chillerGrade(CH, demo, { cop: 6.05, iplv: null })).toBe(2);
    expect(chillerGrade(CH, demo, { cop: 6.2, iplv: null })).toBe(1);
    expect(chillerGrade(CH, demo, { cop: 5.3, iplv: null })).toBe('below');
  });
  it('COP 5.7 with IPLV 7.6 → grade 2 on IPLV (7.5 ≤ 7.6 < 8.1, COP 5.7 ≥ 5.4): the better of the two systems', () =>
    expect(chillerGrade(CH, demo, { cop: 5.7, iplv: 7.6 })).toBe(2));
  it('IPLV 8.3 with COP 5.2 (< the 5.4 floor) → not on IPLV; on COP 5.2 → below', () => expect(chillerGrade(CH, demo, { cop: 5.2, iplv: 8.3 })).toBe('below'));
  it('COP 6.3 with IPLV 6.0 (< the 6.2 floor) and no IPLV grade → below', () => expect(chillerGrade(CH, demo, { cop: 6.3, iplv: 6.0 })).toBe('below'));
  it('air-cooled 400 kW: COP 3.25 → grade 2 (3.2), IPLV 4.3 → grade 1', () => {
    expect(chillerGrade(CH, { condenser: 'air', ratedCoolingKw: 400 }, { cop: 3.25, iplv: null })).toBe(2);
    expect(chillerGrade(CH, { condenser: 'air', ratedCoolingKw: 400 }, { cop: 3.25, iplv: 4.3 })).toBe(1);
  });
  it('unrated: no row (air-cooled 40 kW), no measurement, no rating', () => {
    expect(chillerGrade(CH, { condenser: 'air', ratedCoolingKw: 40 }, { cop: 3.5, iplv: null })).toBe('unrated');
    expect(chillerGrade(CH, demo, { cop: null, iplv: null })).toBe('unrated');
    expect(chillerGrade(CH, { condenser: 'water', ratedCoolingKw: 0 }, { cop: 6, iplv: null })).toBe('unrated');
  });
  it('an edited table grades with its own limits', () => {
    const edited: StandardEdition<ChillerGradeRow> = { ...CH, rows: CH.rows.map((r) => (r.overKw === 528 ? { ...r, cop: [5.6, 5.5, 5.0] as const } : r)) };
    expect(chillerGrade(edited, demo, { cop: 5.7, iplv: null })).toBe(1);
  });
});

describe('air compressors, GB 19153-2019 (specific power kW/(m³/min) ≤ the grade limit; ratings and pressures round up)', () => {
  it('fixed-speed 4 kW air-cooled at 0.8 MPa: 8.4 / 9.3 / 10.6', () =>
    expect(compressorGradeLimits(AC, { drive: 'fixed', ratedKw: 4, pressureMPa: 0.8 })).toEqual([
      { grade: 1, specificPower: 8.4 },
      { grade: 2, specificPower: 9.3 },
      { grade: 3, specificPower: 10.6 },
    ]));
  it('a 3.7 kW unit at 0.75 MPa takes the 4 kW row and the 0.8 MPa column (向上靠档)', () =>
    expect(compressorGradeLimits(AC, { drive: 'fixed', ratedKw: 3.7, pressureMPa: 0.75 })?.[0]?.specificPower).toBe(8.4));
  it('4 kW at 0.7 MPa: 7.8 / 8.5 / 9.6; 9.0 → grade 3, 8.5 → grade 2, 7.8 → grade 1, 9.7 → below', () => {
    const u = { drive: 'fixed' as const, ratedKw: 4, pressureMPa: 0.7 };
    expect(compressorGrade(AC, u, 9.0)).toBe(3);
    expect(compressorGrade(AC, u, 8.5)).toBe(2);
    expect(compressorGrade(AC, u, 7.8)).toBe(1);
    expect(compressorGrade(AC, u, 9.7)).toBe('below');
  });
  it('the demo station: fixed 110 kW air-cooled at 0.8 MPa 6.1 / 6.6 / 7.3; VSD 90 kW 6.5 / 7.0 / 7.8; liquid-cooled 110 kW 5.9 / 6.3 / 7.0', () => {
    expect(compressorGradeLimits(AC, { drive: 'fixed', ratedKw: 110, pressureMPa: 0.8 })?.map((l) => l.specificPower)).toEqual([6.1, 6.6, 7.3]);
    expect(compressorGradeLimits(AC, { drive: 'vsd', ratedKw: 90, pressureMPa: 0.8 })?.map((l) => l.specificPower)).toEqual([6.5, 7.0, 7.8]);
    expect(compressorGradeLimits(AC, { drive: 'fixed', ratedKw: 110, pressureMPa: 0.8, cooling: 'liquid' })?.map((l) => l.specificPower)).toEqual([5.9, 6.3, 7.0]);
  });
  it('110 kW fixed at 0.8 MPa delivering 20 m³/min on 121 kW → 6.05 kW/(m³/min) → grade 1; 7.0 → grade 3; 7.4 → below', () => {
    const u = { drive: 'fixed' as const, ratedKw: 110, pressureMPa: 0.8 };
    expect(compressorGrade(AC, u, 121 / 20)).toBe(1);
    expect(compressorGrade(AC, u, 7.0)).toBe(3);
    expect(compressorGrade(AC, u, 7.4)).toBe('below');
  });
  it('the table: 28 fixed-speed ratings 1.5–630 kW, 21 VSD ratings 2.2–315 kW, liquid-cooled from 18.5 kW, 6 pressures each', () => {
    const count = (drive: string, cooling: string) => AC.rows.filter((r) => r.drive === drive && r.cooling === cooling).length;
    expect([count('fixed', 'air'), count('fixed', 'liquid'), count('vsd', 'air'), count('vsd', 'liquid')]).toEqual([28 * 6, 20 * 6, 21 * 6, 14 * 6]);
    expect(compressorGradeLimits(AC, { drive: 'fixed', ratedKw: 15, pressureMPa: 0.8, cooling: 'liquid' })).toBeNull();
    expect(compressorGradeLimits(AC, { drive: 'fixed', ratedKw: 700, pressureMPa: 0.8 })).toBeNull();
  });
  it('unrated: beyond 1.25 MPa, no measurement', () => {
    expect(compressorGrade(AC, { drive: 'fixed', ratedKw: 4, pressureMPa: 1.3 }, 9)).toBe('unrated');
    expect(compressorGrade(AC, { drive: 'fixed', ratedKw: 4, pressureMPa: 0.8 }, null)).toBe('unrated');
  });
});

describe('industrial boilers, GB 24500-2020 (thermal efficiency ≥ the grade limit)', () => {
  const gas4 = { fuel: 'gas' as const, medium: 'steam' as const, ratedTph: 4 };
  it('4 t/h gas steam boiler (non-condensing): 96 / 94 / 92 %', () =>
    expect(boilerGradeLimits(BO, gas4)).toEqual([
      { grade: 1, efficiencyPct: 96 },
      { grade: 2, efficiencyPct: 94 },
      { grade: 3, efficiencyPct: 92 },
    ]));
  it('93 % → grade 3, 94 % → grade 2, 96.5 % → grade 1, 91.9 % → below', () => {
    expect(boilerGrade(BO, gas4, 93)).toBe(3);
    expect(boilerGrade(BO, gas4, 94)).toBe(2);
    expect(boilerGrade(BO, gas4, 96.5)).toBe(1);
    expect(boilerGrade(BO, gas4, 91.9)).toBe('below');
  });
  it('condensing gas: 101.5 % → grade 2 (101)', () => expect(boilerGrade(BO, { ...gas4, variant: 'condensing' }, 101.5)).toBe(2));
  it('layered bituminous III coal: 20 t/h grade 1 needs 87 %, 25 t/h needs 89 %', () => {
    expect(boilerGradeLimits(BO, { fuel: 'coal', medium: 'steam', ratedTph: 20, variant: 'layered-bituminous-III' })?.[0]?.efficiencyPct).toBe(87);
    expect(boilerGradeLimits(BO, { fuel: 'coal', medium: 'steam', ratedTph: 25, variant: 'layered-bituminous-III' })?.[0]?.efficiencyPct).toBe(89);
  });
  it('a 14 MW hot-water biomass boiler counts as 20 t/h: above 10 t/h → 91 / 88 / 86', () => {
    expect(hotWaterMwToTph(14)).toBeCloseTo(20, 12);
    expect(boilerGradeLimits(BO, { fuel: 'biomass', medium: 'hotWater', ratedTph: hotWaterMwToTph(14) })?.map((l) => l.efficiencyPct)).toEqual([91, 88, 86]);
  });
  it('coal without a class is pulverised (室燃, 92 / 90 / 88 %): 85 % → below, 90.5 % → grade 2', () => {
    expect(boilerGrade(BO, { fuel: 'coal', medium: 'steam', ratedTph: 10 }, 85)).toBe('below');
    expect(boilerGrade(BO, { fuel: 'coal', medium: 'steam', ratedTph: 10 }, 90.5)).toBe(2);
  });
  it('unrated: electric (a limit, no grades), no measurement, no capacity', () => {
    expect(boilerGrade(BO, { fuel: 'electric', medium: 'hotWater', ratedTph: 1 }, 98)).toBe('unrated');
    expect(boilerGrade(BO, gas4, null)).toBe('unrated');
    expect(boilerGrade(BO, { ...gas4, ratedTph: 0 }, 95)).toBe('unrated');
  });
});

describe('transformers, GB 20052-2024 wrapped as an edition', () => {
  it('SCB13 1600 kVA dry F class, P0 1.96 kW / Pk 11.73 kW → grade 3 (P0 ≤ 1.96, Pk ≤ 11.73)', () => {
    expect(transformerGradeLimits(T, 1600, 'dry')?.[2]).toEqual({ grade: 3, p0Kw: 1.96, pkKw: 11.73 });
    expect(transformerGrade(T, { ratedKva: 1600, p0Kw: 1.96, pkKw: 11.73 }, 'dry')).toBe(3);
    expect(transformerGrade(T, { ratedKva: 1600, p0Kw: 1.4, pkKw: 10.5 }, 'dry')).toBe(1);
  });
  it('an edited row (grade 3 P0 1.90 kW) puts the same unit below', () => {
    const rows = T.rows.map((r) => (r.insulation === 'dry' && r.ratedKva === 1600 && (r.core ?? 'steel') === 'steel' && r.insulationClass === 'F' ? { ...r, limits: [r.limits[0], r.limits[1], { p0Kw: 1.9, pkKw: 11.73 }] as const } : r));
    expect(transformerGrade({ ...T, rows }, { ratedKva: 1600, p0Kw: 1.96, pkKw: 11.73 }, 'dry')).toBe('below');
  });
});

describe('validation of an edited table', () => {
  const rows = CH.rows;
  it('grade order: COP grade 1 below grade 2 → gradeOrder on row 2, field cop', () => {
    const bad = rows.map((r, i) => (i === 2 ? { ...r, cop: [5.9, 6.0, 5.4] as const } : r));
    expect(validateStandardRows('chiller', bad)).toEqual({ code: 'gradeOrder', row: 2, field: 'cop' });
  });
  it('equal grades are allowed (the published dry-type Pk of class B has grade 1 = grade 2)', () => {
    const ok = rows.map((r, i) => (i === 0 ? { ...r, iplv: [5.6, 5.6, 5.2] as const } : r));
    expect(validateStandardRows('chiller', ok)).toBeNull();
  });
  it('overlap: a band reaching into the next row → overlap naming the earlier row', () => {
    const bad = rows.map((r, i) => (i === 1 ? { ...r, upToKw: 600 } : r));
    expect(validateStandardRows('chiller', bad)).toEqual({ code: 'overlap', row: 2, field: 'upToKw', other: 1 });
  });
  it('unsorted rows of one group → unsorted; sortStandardRows fixes it', () => {
    const swapped = [rows[1], rows[0], ...rows.slice(2)] as ChillerGradeRow[];
    expect(validateStandardRows('chiller', swapped)).toEqual({ code: 'unsorted', row: 1, field: 'upToKw', other: 0 });
    expect(validateStandardRows('chiller', sortStandardRows('chiller', swapped))).toBeNull();
  });
  it('empty band, non-positive limit, empty table', () => {
    expect(validateStandardRows('chiller', rows.map((r, i) => (i === 0 ? { ...r, overKw: 300, upToKw: 300 } : r)))?.code).toBe('bandEmpty');
    expect(validateStandardRows('boiler', BO.rows.map((r, i) => (i === 0 ? { ...r, efficiencyPct: [96, 94, 0] as const } : r)))).toEqual({ code: 'notPositive', row: 0, field: 'efficiencyPct' });
    expect(validateStandardRows('compressor', [])).toEqual({ code: 'empty', row: -1, field: 'rows' });
  });
  it('transformer: a repeated rating of the same variant overlaps; a grade-3 P0 below grade 2 is out of order', () => {
    const r0 = T.rows[0] as (typeof T.rows)[number];
    expect(validateStandardRows('transformer', [...T.rows, r0])?.code).toBe('overlap');
    expect(validateStandardRows('transformer', [{ ...r0, limits: [r0.limits[0], r0.limits[1], { p0Kw: 0.01, pkKw: r0.limits[2].pkKw }] }])).toEqual({ code: 'gradeOrder', row: 0, field: 'p0Kw' });
  });
  it('compressor: two rows of one group overlapping in both power and pressure → overlap', () => {
    const r0 = AC.rows[0] as (typeof AC.rows)[number];
    expect(validateStandardRows('compressor', [r0, { ...r0, overMPa: 0.28, upToMPa: 0.4 }])?.code).toBe('overlap');
    expect(validateStandardRows('compressor', [r0, { ...r0, overMPa: 0.3, upToMPa: 0.5 }])).toBeNull();
  });
});
