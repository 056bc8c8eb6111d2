import type { EChartsOption } from 'echarts';
import type { DashboardConsumer } from '@ems/contract';
import { NO_VALUE, displayUnit, formatNumber, formatThousands } from '@ems/domain';
import { energyTypeName } from '../../lib/model-label';

// the 同比/环比 display rules are shared with the other pages (packages/domain)
export { changeTone, formatChange, type ChangeTone } from '@ems/domain';

/** Consumption as shown on the cards: thousands separators, 2 decimals, '--' for null. */
export const formatEnergy = (value: number | null) => formatThousands(value, 2);

/** Name of an energy-type code in the page's language, with the display unit: '电 (kWh)'. */
export function energyTitle(code: number, unit: string, english: boolean): string {
  return `${energyTypeName(code, english)} (${displayUnit(unit)})`;
}

/** Horizontal bars of the top consumers, largest on top, each labelled with its share (in `labelColor`, an antd token). */
export function consumersOption(list: readonly DashboardConsumer[], seriesName: string, labelColor?: string): EChartsOption {
  const rows = [...list].reverse();
  return {
    grid: { left: 8, right: 72, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', name: 'kWh' },
    yAxis: { type: 'category', data: rows.map((c) => c.name), axisLabel: { width: 140, overflow: 'truncate' } },
    series: [
      {
        type: 'bar',
        name: seriesName,
        data: rows.map((c) => ({ value: c.kwh, share: c.sharePct })),
        barMaxWidth: 24,
        label: {
          show: true,
          position: 'right',
          color: labelColor,
          textBorderWidth: 0,
          formatter: (p: unknown) => {
            const share = (p as { data?: { share?: number | null } }).data?.share ?? null;
            return share === null ? NO_VALUE : `${formatNumber(share, 1)}%`;
          },
        },
      },
    ],
  };
}
