import type { EChartsOption } from 'echarts';
import type { PipeMedium } from '@ems/contract';

/**
 * The medium's network as a Sankey: the supply (one node per totaliser, joined in a hub when there
 * are several) flowing to each end user, and the loss as its own branch in `lossColor` (the status
 * colour). A negative loss (metering fault) draws no branch.
 */
export function networkOption(m: PipeMedium, labels: { loss: string; supply: string }, lossColor: string, textColor: string): EChartsOption {
  const hub = m.supply.length === 1 ? (m.supply[0]?.name ?? labels.supply) : labels.supply;
  const users = m.endUsers.filter((u) => (u.value ?? 0) > 0);
  const loss = m.balance.loss ?? 0;
  const nodes = [{ name: hub }, ...users.map((u) => ({ name: u.name })), ...(loss > 0 ? [{ name: labels.loss, itemStyle: { color: lossColor } }] : [])];
  const links = [
    ...(m.supply.length > 1 ? m.supply.filter((s) => (s.value ?? 0) > 0).map((s) => ({ source: s.name, target: hub, value: s.value ?? 0 })) : []),
    ...users.map((u) => ({ source: hub, target: u.name, value: u.value ?? 0 })),
    ...(loss > 0 ? [{ source: hub, target: labels.loss, value: loss, lineStyle: { color: lossColor, opacity: 0.6 } }] : []),
  ];
  if (m.supply.length > 1) nodes.unshift(...m.supply.map((s) => ({ name: s.name })));
  return {
    tooltip: { trigger: 'item' },
    series: [
      {
        type: 'sankey',
        left: 8,
        right: 140,
        top: 8,
        bottom: 8,
        nodeWidth: 12,
        nodeGap: 6,
        emphasis: { focus: 'adjacency' },
        label: { color: textColor, fontSize: 11 },
        lineStyle: { color: 'gradient', opacity: 0.35 },
        data: nodes,
        links,
      },
    ],
  };
}
