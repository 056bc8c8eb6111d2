import type { EChartsOption } from 'echarts';
import type { PipeMedium } from '@ems/contract';

/**
 * The medium's network as a Sankey of the card's figures over the range: the supply (one node per
 * totaliser, joined in a hub when there are several) flowing to each end user, the loss as its own
 * branch in `colors.loss` (the status colour) and the unmetered rest (what the supply metered while an
 * end user did not) in `colors.unmetered`, so the branches add up to the supply. A negative loss
 * (metering fault) or rest draws no branch.
 */
export function networkOption(m: PipeMedium, labels: { loss: string; supply: string; unmetered: string }, colors: { loss: string; unmetered: string }, textColor: string): EChartsOption {
  const hub = m.supply.length === 1 ? (m.supply[0]?.name ?? labels.supply) : labels.supply;
  const users = m.endUsers.filter((u) => (u.value ?? 0) > 0);
  const branches = [
    { name: labels.loss, value: m.balance.loss ?? 0, color: colors.loss },
    { name: labels.unmetered, value: m.balance.unmetered ?? 0, color: colors.unmetered },
  ].filter((b) => b.value > 0);
  const nodes = [{ name: hub }, ...users.map((u) => ({ name: u.name })), ...branches.map((b) => ({ name: b.name, itemStyle: { color: b.color } }))];
  const links = [
    ...(m.supply.length > 1 ? m.supply.filter((s) => (s.value ?? 0) > 0).map((s) => ({ source: s.name, target: hub, value: s.value ?? 0 })) : []),
    ...users.map((u) => ({ source: hub, target: u.name, value: u.value ?? 0 })),
    ...branches.map((b) => ({ source: hub, target: b.name, value: b.value, lineStyle: { color: b.color, opacity: 0.6 } })),
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
