import type { GlobalToken } from 'antd';

/** Subset of antd tokens the chart theme reads. */
export type ChartTokens = Pick<
  GlobalToken,
  | 'colorPrimary'
  | 'colorSuccess'
  | 'colorWarning'
  | 'colorError'
  | 'colorInfo'
  | 'colorText'
  | 'colorTextSecondary'
  | 'colorTextTertiary'
  | 'colorBorder'
  | 'colorBorderSecondary'
  | 'colorSplit'
  | 'colorBgElevated'
  | 'fontFamily'
  | 'fontSize'
> & { palette: string[] };

/**
 * An ECharts theme derived from antd tokens (antd's dark algorithm does not reach ECharts).
 * Background is transparent so charts sit on the card behind them.
 */
export function buildEchartsTheme(t: ChartTokens, animation = true): Record<string, unknown> {
  const axis = {
    axisLine: { show: true, lineStyle: { color: t.colorBorder } },
    axisTick: { show: true, lineStyle: { color: t.colorBorder } },
    axisLabel: { show: true, color: t.colorTextSecondary },
    splitLine: { show: true, lineStyle: { color: [t.colorSplit] } },
    splitArea: { show: false },
    nameTextStyle: { color: t.colorTextSecondary },
  };
  return {
    color: [t.colorPrimary, t.colorSuccess, t.colorWarning, t.colorError, ...t.palette],
    backgroundColor: 'transparent',
    animation,
    textStyle: { color: t.colorText, fontFamily: t.fontFamily, fontSize: t.fontSize },
    title: { textStyle: { color: t.colorText }, subtextStyle: { color: t.colorTextSecondary } },
    legend: { textStyle: { color: t.colorTextSecondary }, inactiveColor: t.colorTextTertiary },
    tooltip: {
      backgroundColor: t.colorBgElevated,
      borderColor: t.colorBorderSecondary,
      textStyle: { color: t.colorText },
      axisPointer: { lineStyle: { color: t.colorBorder }, crossStyle: { color: t.colorBorder } },
    },
    categoryAxis: axis,
    valueAxis: axis,
    logAxis: axis,
    timeAxis: axis,
    dataZoom: { textStyle: { color: t.colorTextSecondary }, borderColor: t.colorBorder },
    visualMap: { textStyle: { color: t.colorTextSecondary } },
    markPoint: { label: { color: t.colorText } },
    line: { symbol: 'emptyCircle', symbolSize: 4, smooth: false },
    bar: { itemStyle: { barBorderWidth: 0 } },
    pie: { itemStyle: { borderColor: t.colorBgElevated } },
    gauge: { title: { color: t.colorTextSecondary }, detail: { color: t.colorText } },
  };
}
