import type { EChartsOption } from 'echarts';
import type { LiveFlowReply, LiveMeter, LiveSourceT } from '@ems/contract';
import { NO_VALUE, displayUnit, flowLayout, formatThousands } from '@ems/domain';
import { formatInZone, zoneOrDefault } from '../../lib/time';
import { formatPct } from './flow-view';

export interface DiagramLabels {
  loss: string;
  unmetered: string;
  offline: string;
  today: string;
  at: string;
  lossRate: string;
  source: Record<LiveSourceT, string>;
}

/** Theme colours (antd tokens). */
export interface DiagramColors {
  node: string;
  link: string;
  loss: string;
  unmetered: string;
  offline: string;
  text: string;
}

/** Pixels per leaf row and per column of the diagram. */
export const DIAGRAM_ROW_PX = 30;
const COLUMN_UNITS = 240;

export interface DiagramNode {
  key: string;
  kind: 'meter' | 'loss' | 'unmetered';
  meter: LiveMeter | null;
  /** the live value drawn (online meters; loss and unmetered branches of the live flow) */
  value: number | null;
  /** loss and unmetered: the parent meter's name */
  parentName: string;
  lossRatePct: number | null;
  column: number;
  row: number;
}

export interface DiagramEdge {
  source: string;
  target: string;
  kind: 'flow' | 'loss' | 'unmetered';
  value: number | null;
  offline: boolean;
}

/**
 * The supply structure from the model: every meter of the node (online or not) under its parent
 * meter, plus the loss and unmetered branches of the live flow, placed by the domain's tidy layout
 * (supply at the left, one column per level).
 */
export function diagramModel(live: LiveFlowReply): { nodes: DiagramNode[]; edges: DiagramEdge[]; rows: number; columns: number } {
  const meters = new Map(live.meters.map((m) => [m.meterId, m]));
  const key = (id: number) => `m:${id}`;
  const edges: DiagramEdge[] = [];
  for (const m of live.meters) {
    if (m.parentMeterId === null || !meters.has(m.parentMeterId)) continue;
    edges.push({ source: key(m.parentMeterId), target: key(m.meterId), kind: 'flow', value: m.online ? m.value : null, offline: !m.online });
  }
  const branches = live.links.filter((l) => l.kind !== 'flow');
  for (const l of branches) edges.push({ source: l.source, target: l.target, kind: l.kind, value: l.value, offline: false });
  const flowNodes = new Map(live.nodes.map((n) => [n.key, n]));
  const keys = [...live.meters.map((m) => key(m.meterId)), ...branches.map((l) => l.target)];
  const layout = flowLayout(keys, edges);
  const nodes: DiagramNode[] = layout.points.map((p) => {
    const fn = flowNodes.get(p.key);
    if (p.key.startsWith('m:')) {
      const m = meters.get(Number(p.key.slice(2))) ?? null;
      return { key: p.key, kind: 'meter', meter: m, value: m?.online ? m.value : null, parentName: '', lossRatePct: fn?.lossRatePct ?? null, column: p.column, row: p.row };
    }
    return { key: p.key, kind: fn?.kind === 'unmetered' ? 'unmetered' : 'loss', meter: null, value: fn?.value ?? null, parentName: fn?.name ?? '', lossRatePct: fn?.lossRatePct ?? null, column: p.column, row: p.row };
  });
  return { nodes, edges, rows: layout.rows, columns: layout.columns };
}

/** The diagram's height: one row per leaf, at least 420 px. */
export const diagramHeight = (rows: number) => Math.max(420, rows * DIAGRAM_ROW_PX + 40);

/**
 * The diagram as an ECharts graph (fixed positions): nodes labelled with the name and live value,
 * edges as wide as their live value (max 12 px), offline meters and their feeds greyed and dashed,
 * loss branches in the loss colour; the tooltip of a meter gives its value, source, time and
 * today's total, of a branch its value and the parent's loss rate.
 */
export function diagramOption(live: LiveFlowReply, labels: DiagramLabels, colors: DiagramColors): EChartsOption {
  const model = diagramModel(live);
  const rate = displayUnit(live.rateUnit);
  const unit = displayUnit(live.unit);
  const max = Math.max(1e-9, ...model.edges.map((e) => e.value ?? 0));
  const byKey = new Map(model.nodes.map((n) => [n.key, n]));
  const valueText = (v: number | null) => (v === null ? NO_VALUE : `${formatThousands(v, 1)} ${rate}`);
  const title = (n: DiagramNode) => (n.meter ? n.meter.name : `${n.kind === 'loss' ? labels.loss : labels.unmetered} · ${n.parentName}`);
  const tip = (n: DiagramNode): string => {
    const m = n.meter;
    if (!m) return [title(n), valueText(n.value), `${labels.lossRate}: ${formatPct(n.lossRatePct)}`].join('<br/>');
    return [
      `${m.name}${m.online ? '' : ` (${labels.offline})`}`,
      `${labels.source[m.source]}: ${m.value === null ? NO_VALUE : `${formatThousands(m.value, 2)} ${rate}`}`,
      ...(m.ts !== null ? [`${labels.at}: ${formatInZone(m.ts, zoneOrDefault(live.timezone), 'MM-DD HH:mm')}`] : []),
      `${labels.today}: ${m.periodTotal === null ? NO_VALUE : `${formatThousands(m.periodTotal, 2)} ${unit}`}`,
      ...(n.lossRatePct !== null ? [`${labels.lossRate}: ${formatPct(n.lossRatePct)}`] : []),
    ].join('<br/>');
  };
  const colorOf = (n: DiagramNode) => (n.kind === 'loss' ? colors.loss : n.kind === 'unmetered' ? colors.unmetered : n.meter?.online ? colors.node : colors.offline);
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: unknown) => {
        const x = p as { dataType?: string; data?: { id?: string; target?: string } };
        const n = byKey.get((x.dataType === 'edge' ? x.data?.target : x.data?.id) ?? '');
        return n ? tip(n) : '';
      },
    },
    series: [
      {
        type: 'graph',
        layout: 'none',
        left: 24,
        right: 200,
        top: 16,
        bottom: 16,
        roam: true,
        symbol: 'circle',
        symbolSize: 10,
        edgeSymbol: ['none', 'arrow'],
        edgeSymbolSize: 6,
        label: { show: true, position: 'right', color: colors.text, fontSize: 11 },
        data: model.nodes.map((n) => ({
          id: n.key,
          name: n.key,
          x: n.column * COLUMN_UNITS,
          y: n.row * DIAGRAM_ROW_PX,
          itemStyle: { color: colorOf(n) },
          label: { formatter: `${title(n)}  ${n.meter && !n.meter.online ? labels.offline : valueText(n.value)}`, color: n.meter && !n.meter.online ? colors.offline : colors.text },
        })),
        links: model.edges.map((e) => ({
          source: e.source,
          target: e.target,
          lineStyle: {
            width: e.value === null ? 1 : 1 + 11 * (e.value / max),
            color: e.offline ? colors.offline : e.kind === 'loss' ? colors.loss : e.kind === 'unmetered' ? colors.unmetered : colors.link,
            type: e.offline ? 'dashed' : 'solid',
            opacity: e.kind === 'flow' && !e.offline ? 0.45 : 0.8,
            curveness: 0,
          },
        })),
      },
    ],
  };
}
