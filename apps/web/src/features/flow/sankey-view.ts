import type { EChartsOption } from 'echarts';
import type { EnergyFlowReply } from '@ems/contract';
import { displayUnit, formatThousands } from '@ems/domain';
import { formatPct, nodeName, type FlowNames } from './flow-view';

export interface SankeyLabels extends FlowNames {
  shareOfSource: string;
  shareOfSupply: string;
  lossRate: string;
}

/** Theme colours (antd tokens): the loss branch, the unmetered remainder, a faulty parent's border, the label text. */
export interface SankeyColors {
  loss: string;
  unmetered: string;
  fault: string;
  text: string;
}

/** Pixels a leaf row of the Sankey needs; the chart grows with the widest column. */
export const SANKEY_ROW_PX = 26;

/** The height of the Sankey: the most nodes in a column × a row, at least 420 px. */
export function sankeyHeight(f: Pick<EnergyFlowReply, 'nodes'>): number {
  const perColumn = new Map<number, number>();
  for (const n of f.nodes) perColumn.set(n.depth, (perColumn.get(n.depth) ?? 0) + 1);
  return Math.max(420, Math.max(0, ...perColumn.values()) * SANKEY_ROW_PX + 40);
}

interface TipParams {
  dataType?: string;
  name?: string;
  data?: { source?: string; target?: string; name?: string };
}

/**
 * The period flow as an ECharts Sankey: nodes in tree order at their level (supply at the left),
 * loss branches in the loss colour, unmetered remainders in their own, a parent with a metering
 * fault outlined. Tooltips give the value, the share of the source and of the supply, and the
 * loss rate (of the parent for a loss branch, of the meter for a parent node or a flow into it).
 */
export function sankeyOption(f: EnergyFlowReply, labels: SankeyLabels, colors: SankeyColors): EChartsOption {
  const unit = displayUnit(f.unit);
  const nodes = new Map(f.nodes.map((n) => [n.key, n]));
  const links = new Map(f.links.map((l) => [`${l.source}>${l.target}`, l]));
  const name = (key: string | undefined) => nodeName(key === undefined ? undefined : nodes.get(key), labels);
  const value = (v: number) => `${formatThousands(v, 2)} ${unit}`;
  const tooltip = (p: TipParams): string => {
    if (p.dataType === 'edge') {
      const l = links.get(`${p.data?.source ?? ''}>${p.data?.target ?? ''}`);
      if (!l) return '';
      const rate = l.kind === 'flow' ? nodes.get(l.target)?.lossRatePct : nodes.get(l.source)?.lossRatePct;
      return [`${name(l.source)} → ${name(l.target)}`, value(l.value), `${labels.shareOfSource}: ${formatPct(l.sharePct)}`, `${labels.shareOfSupply}: ${formatPct(l.supplySharePct)}`, ...(rate !== null && rate !== undefined ? [`${labels.lossRate}: ${formatPct(rate)}`] : [])].join('<br/>');
    }
    const n = nodes.get(p.name ?? '');
    if (!n) return '';
    const share = f.totals.supply ? (n.value / f.totals.supply) * 100 : null;
    return [name(n.key), value(n.value), `${labels.shareOfSupply}: ${formatPct(share)}`, ...(n.lossRatePct !== null ? [`${labels.lossRate}: ${formatPct(n.lossRatePct)}`] : [])].join('<br/>');
  };
  return {
    tooltip: { trigger: 'item', formatter: (p: unknown) => tooltip(p as TipParams) },
    series: [
      {
        type: 'sankey',
        left: 8,
        right: 170,
        top: 12,
        bottom: 12,
        nodeAlign: 'left',
        layoutIterations: 0,
        nodeWidth: 12,
        nodeGap: 10,
        draggable: false,
        labelLayout: { hideOverlap: true },
        emphasis: { focus: 'adjacency' },
        label: { color: colors.text, fontSize: 11, formatter: (p: { name?: string }) => name(p.name) },
        lineStyle: { color: 'gradient', opacity: 0.35 },
        data: f.nodes.map((n) => ({
          name: n.key,
          value: n.value,
          depth: n.depth,
          ...(n.kind === 'loss' ? { itemStyle: { color: colors.loss } } : n.kind === 'unmetered' ? { itemStyle: { color: colors.unmetered } } : n.fault ? { itemStyle: { borderColor: colors.fault, borderWidth: 2 } } : {}),
        })),
        links: f.links.map((l) => ({
          source: l.source,
          target: l.target,
          value: l.value,
          ...(l.kind === 'loss' ? { lineStyle: { color: colors.loss, opacity: 0.55 } } : l.kind === 'unmetered' ? { lineStyle: { color: colors.unmetered, opacity: 0.5 } } : {}),
        })),
      },
    ],
  };
}
