import type { EChartsOption } from 'echarts';
import { formatNumber } from '@ems/domain';
import { CHART_SPLIT_NUMBER, DEFAULT_PRECISION, MIN_ZOOM_SPAN_MS } from '../constants';

type Obj = Record<string, unknown>;

const list = (x: unknown): Obj[] => (Array.isArray(x) ? (x as Obj[]) : x && typeof x === 'object' ? [x as Obj] : []);
const mapList = (x: unknown, fn: (o: Obj) => Obj): unknown => (Array.isArray(x) ? (x as Obj[]).map(fn) : x && typeof x === 'object' ? fn(x as Obj) : x);

export interface ChartDefaultsOptions {
  /** Decimals of formatted values (default 2). */
  precision?: number;
  /** false turns every animation off. */
  animation?: boolean;
}

/**
 * The option with the house defaults filled in where the caller set nothing: value axes split in 5,
 * tooltip values with 2 decimals ('--' for missing ones), time-axis zoom no narrower than 1 hour,
 * animation switchable off, transparent background (the theme colours the card behind it).
 */
export function applyChartDefaults(option: EChartsOption, { precision = DEFAULT_PRECISION, animation = true }: ChartDefaultsOptions = {}): EChartsOption {
  const o = option as Obj;
  const axis = (a: Obj): Obj => (a.type === 'value' || a.type === undefined || a.type === 'log') && a.splitNumber === undefined ? { ...a, splitNumber: CHART_SPLIT_NUMBER } : a;
  const timeAxis = list(o.xAxis).some((a) => a.type === 'time');
  const out: Obj = { backgroundColor: 'transparent', ...o };
  if (o.xAxis) out.xAxis = mapList(o.xAxis, (a) => (a.type === 'category' || a.type === 'time' ? a : axis(a)));
  if (o.yAxis) out.yAxis = mapList(o.yAxis, (a) => (a.type === 'category' || a.type === 'time' ? a : axis(a)));
  if (o.tooltip) {
    out.tooltip = mapList(o.tooltip, (tip) =>
      tip.formatter || tip.valueFormatter ? tip : { ...tip, valueFormatter: (v: unknown) => formatNumber(v as number, precision) },
    );
  }
  if (timeAxis && o.dataZoom) out.dataZoom = mapList(o.dataZoom, (z) => (z.minValueSpan === undefined ? { ...z, minValueSpan: MIN_ZOOM_SPAN_MS } : z));
  if (!animation) out.animation = false;
  return out as EChartsOption;
}

/** True when some series or the dataset has at least one data item (series like sankey count their nodes too). */
export function hasChartData(option: EChartsOption): boolean {
  const o = option as Obj;
  const filled = (x: unknown) => (Array.isArray(x) ? x.length > 0 : !!x && typeof x === 'object' && Object.keys(x).length > 0);
  if (list(o.dataset).some((d) => filled(d.source))) return true;
  return list(o.series).some((s) => filled(s.data) || filled(s.nodes) || filled(s.links));
}

/** The global switch the browser tests set to turn chart animation off. */
export function animationAllowed(): boolean {
  return !(typeof window !== 'undefined' && (window as { __EMS_NO_ANIMATION__?: boolean }).__EMS_NO_ANIMATION__);
}
