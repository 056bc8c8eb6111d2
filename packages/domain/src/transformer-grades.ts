import type { GradeRow } from './transformer.js';

/**
 * GB 20052-2024《电力变压器能效限定值及能效等级》(published 2024-04-29, in force 2025-02-01,
 * replacing GB 20052-2020), as published: every row of
 * - 表1 10 kV 油浸式三相双绕组无励磁调压配电变压器能效等级 (30–2 500 kVA), and
 * - 表2 10 kV 干式三相双绕组无励磁调压配电变压器能效等级 (30–2 500 kVA),
 * the maximum no-load loss P0 and load loss Pk in W of grades 1, 2 and 3 (grade 3 is the minimum
 * allowed, 能效限定值). Source: the standard's text, pages 7–8; transcribed from the structured
 * extraction of 表1/表2 in the public repository adgo07/EquipEffi
 * (src/equipeffi/resources/standards/transformer.json, rows GB20052-R000001…R000170, commit
 * a1643ed), whose 100 kVA and 400 kVA oil rows agree with that project's own hand-checked test
 * cases, and whose grade-3 rows agree with the S13 / SCB13 nameplate values the 2020 edition set.
 * Read before relying on it: the amorphous-alloy P0 of grades 2/3 at 2 000 kVA (710/720 W) and
 * 2 500 kVA (860/865 W) are as transcribed there, grade 3 slightly above grade 2.
 *
 * Layout as in the standard. Oil (表1): P0 by core material (electrical steel strip 电工钢带 /
 * amorphous alloy 非晶合金); Pk by core material and connection (Dyn11 or Yzn11 / Yyn0), one Pk
 * for both connections from 630 kVA up (null in the Yyn0 columns here). Dry (表2): P0 by core
 * material; Pk by insulation class B (100 ℃), F (120 ℃), H (145 ℃), the same for both cores.
 * Data, not code: the grade function takes the table as an argument.
 */

type Three = readonly [number, number, number];
/** kVA, P0 steel, P0 amorphous, Pk steel Dyn11, Pk steel Yyn0, Pk amorphous Dyn11, Pk amorphous Yyn0 (null: as Dyn11), W for grades 1–3 */
type OilRow = readonly [number, Three, Three, Three, Three | null, Three, Three | null];
/** kVA, P0 steel, P0 amorphous, Pk class B, Pk class F, Pk class H, W for grades 1–3 */
type DryRow = readonly [number, Three, Three, Three, Three, Three];

const OIL: readonly OilRow[] = [
  [30, [65, 70, 80], [25, 33, 33], [455, 505, 630], [430, 480, 600], [510, 535, 630], [480, 510, 600]],
  [50, [80, 90, 100], [35, 43, 43], [655, 730, 910], [625, 695, 870], [735, 780, 910], [700, 745, 870]],
  [63, [90, 100, 110], [40, 50, 50], [785, 870, 1090], [745, 830, 1040], [880, 930, 1090], [840, 890, 1040]],
  [80, [105, 115, 130], [50, 60, 60], [945, 1050, 1310], [900, 1000, 1250], [1060, 1120, 1310], [1010, 1070, 1250]],
  [100, [120, 135, 150], [60, 75, 75], [1140, 1265, 1580], [1080, 1200, 1500], [1270, 1350, 1580], [1215, 1285, 1500]],
  [125, [135, 150, 170], [70, 85, 85], [1360, 1510, 1890], [1295, 1440, 1800], [1530, 1615, 1890], [1450, 1540, 1800]],
  [160, [160, 180, 200], [80, 100, 100], [1665, 1850, 2310], [1585, 1760, 2200], [1870, 1975, 2310], [1780, 1880, 2200]],
  [200, [190, 215, 240], [95, 120, 120], [1970, 2185, 2730], [1870, 2080, 2600], [2210, 2330, 2730], [2100, 2225, 2600]],
  [250, [230, 260, 290], [110, 140, 140], [2300, 2560, 3200], [2195, 2440, 3050], [2590, 2735, 3200], [2470, 2610, 3050]],
  [315, [270, 305, 340], [135, 170, 170], [2760, 3065, 3830], [2630, 2920, 3650], [3100, 3275, 3830], [2950, 3120, 3650]],
  [400, [330, 370, 410], [160, 200, 200], [3250, 3615, 4520], [3095, 3440, 4300], [3660, 3865, 4520], [3480, 3675, 4300]],
  [500, [385, 430, 480], [190, 240, 240], [3900, 4330, 5410], [3710, 4120, 5150], [4380, 4625, 5410], [4170, 4400, 5150]],
  [630, [460, 510, 570], [250, 320, 320], [4460, 4960, 6200], null, [5020, 5300, 6200], null],
  [800, [560, 630, 700], [300, 380, 380], [5400, 6000, 7500], null, [6075, 6415, 7500], null],
  [1000, [665, 745, 830], [360, 450, 450], [7415, 8240, 10300], null, [8340, 8800, 10300], null],
  [1250, [780, 870, 970], [425, 530, 530], [8640, 9600, 12000], null, [9720, 10260, 12000], null],
  [1600, [940, 1050, 1170], [500, 630, 630], [10440, 11600, 14500], null, [11745, 12400, 14500], null],
  [2000, [1085, 1225, 1360], [550, 710, 720], [13180, 14640, 18300], null, [14000, 14800, 18300], null],
  [2500, [1280, 1440, 1600], [670, 860, 865], [15270, 16960, 21200], null, [16230, 17150, 21200], null],
];
const DRY: readonly DryRow[] = [
  [30, [105, 130, 150], [50, 60, 70], [605, 605, 670], [640, 640, 710], [685, 685, 760]],
  [50, [155, 185, 215], [60, 75, 90], [845, 845, 940], [900, 900, 1000], [965, 965, 1070]],
  [80, [210, 250, 295], [85, 100, 120], [1160, 1160, 1290], [1240, 1240, 1380], [1330, 1330, 1480]],
  [100, [230, 270, 320], [90, 110, 130], [1330, 1330, 1480], [1415, 1415, 1570], [1520, 1520, 1690]],
  [125, [270, 320, 375], [105, 130, 150], [1565, 1565, 1740], [1665, 1665, 1850], [1780, 1780, 1980]],
  [160, [310, 365, 430], [120, 145, 170], [1800, 1800, 2000], [1915, 1915, 2130], [2050, 2050, 2280]],
  [200, [360, 420, 495], [140, 170, 200], [2135, 2135, 2370], [2275, 2275, 2530], [2440, 2440, 2710]],
  [250, [415, 490, 575], [160, 195, 230], [2330, 2330, 2590], [2485, 2485, 2760], [2665, 2665, 2960]],
  [315, [510, 600, 705], [195, 235, 280], [2945, 2945, 3270], [3125, 3125, 3470], [3355, 3355, 3730]],
  [400, [570, 665, 785], [215, 265, 310], [3375, 3375, 3750], [3590, 3590, 3990], [3850, 3850, 4280]],
  [500, [670, 790, 930], [250, 305, 360], [4130, 4130, 4590], [4390, 4390, 4880], [4705, 4705, 5230]],
  [630, [775, 910, 1070], [295, 360, 420], [4975, 4975, 5530], [5290, 5290, 5880], [5660, 5660, 6290]],
  [800, [875, 1035, 1215], [335, 410, 480], [5895, 5895, 6550], [6265, 6265, 6960], [6715, 6715, 7460]],
  [1000, [1020, 1205, 1415], [385, 470, 550], [6885, 6885, 7650], [7315, 7315, 8130], [7885, 7885, 8760]],
  [1250, [1205, 1420, 1670], [455, 550, 650], [8190, 8190, 9100], [8720, 8720, 9690], [9335, 9335, 10370]],
  [1600, [1415, 1665, 1960], [530, 645, 760], [9945, 9945, 11050], [10555, 10555, 11730], [11320, 11320, 12580]],
  [2000, [1760, 2075, 2440], [700, 850, 1000], [12240, 12240, 13600], [13005, 13005, 14450], [14005, 14005, 15560]],
  [2500, [2080, 2450, 2880], [840, 1020, 1200], [14535, 14535, 16150], [15445, 15445, 17170], [16605, 16605, 18450]],
];

const limits = (p0W: Three, pkW: Three): GradeRow['limits'] => [
  { p0Kw: p0W[0] / 1000, pkKw: pkW[0] / 1000 },
  { p0Kw: p0W[1] / 1000, pkKw: pkW[1] / 1000 },
  { p0Kw: p0W[2] / 1000, pkKw: pkW[2] / 1000 },
];

/** 表1 and 表2 of GB 20052-2024 as grade rows, one per rating × core × connection (oil) or insulation class (dry), in kW. */
export const GB20052_2024_GRADE_TABLE: readonly GradeRow[] = [
  ...OIL.flatMap(([kva, p0Steel, p0Amorphous, pkSteelD, pkSteelY, pkAmD, pkAmY]) => [
    { insulation: 'oil' as const, ratedKva: kva, core: 'steel' as const, connection: 'Dyn11' as const, limits: limits(p0Steel, pkSteelD) },
    { insulation: 'oil' as const, ratedKva: kva, core: 'steel' as const, connection: 'Yyn0' as const, limits: limits(p0Steel, pkSteelY ?? pkSteelD) },
    { insulation: 'oil' as const, ratedKva: kva, core: 'amorphous' as const, connection: 'Dyn11' as const, limits: limits(p0Amorphous, pkAmD) },
    { insulation: 'oil' as const, ratedKva: kva, core: 'amorphous' as const, connection: 'Yyn0' as const, limits: limits(p0Amorphous, pkAmY ?? pkAmD) },
  ]),
  ...DRY.flatMap(([kva, p0Steel, p0Amorphous, pkB, pkF, pkH]) =>
    (['steel', 'amorphous'] as const).flatMap((core) =>
      ([['B', pkB], ['F', pkF], ['H', pkH]] as const).map(([insulationClass, pk]) => ({ insulation: 'dry' as const, ratedKva: kva, core, insulationClass, limits: limits(core === 'steel' ? p0Steel : p0Amorphous, pk) })),
    ),
  ),
];
