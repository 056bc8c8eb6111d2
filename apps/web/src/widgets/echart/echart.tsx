import { useEffect, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { EChartsOption } from 'echarts';
import type { EChartsType } from 'echarts/core';
import { getTheme } from '../../lib/storage';
import { CHART_RESIZE_THROTTLE_MS } from '../constants';
import { EmptyState } from '../empty-state/empty-state';
import { throttle } from '../hooks/timing';
import { animationAllowed, applyChartDefaults, hasChartData } from './chart-defaults';
import { echarts } from './echarts-setup';

export interface EChartProps {
  option: EChartsOption;
  /** Default 300 px. */
  height?: number | string;
  loading?: boolean;
  /** Decimals of tooltip values (default 2). */
  precision?: number;
  /** Default true; always off when `window.__EMS_NO_ANIMATION__` is set. */
  animation?: boolean;
  /** Force the empty state (default: shown when no series holds data). */
  empty?: boolean;
  emptyText?: ReactNode;
  /** ECharts events, e.g. { click: (params) => … }. */
  onEvents?: Record<string, (params: unknown) => void>;
  onChartReady?: (chart: EChartsType) => void;
  /** Replace rather than merge the option on update (default true). */
  notMerge?: boolean;
  renderer?: 'canvas' | 'svg';
  className?: string;
  style?: CSSProperties;
  /** A text alternative of what the chart shows (role img): screen readers read it instead of the canvas. */
  ariaLabel?: string;
}

/**
 * Chart wrapper: modular ECharts on echarts-for-react's esm core, theme `ems-light`/`ems-dark`
 * (registered by the frame), follows its container's size (a sidebar folding, a window resize: at
 * most one resize per 100 ms, the last one always made), house
 * defaults (split number 5, 2 decimals), and an empty state when there is no data.
 */
export function EChart(props: EChartProps) {
  const { option, height = 300, precision, animation = true, notMerge = true, renderer = 'canvas' } = props;
  const { t } = useTranslation('widgets');
  const chartRef = useRef<ReactEChartsCore>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const empty = props.empty ?? !hasChartData(option);
  const finalOption = useMemo(
    () => applyChartDefaults(option, { precision, animation: animation && animationAllowed() }),
    [option, precision, animation],
  );

  useEffect(() => {
    const box = boxRef.current;
    if (empty || !box) return;
    // 'auto': echarts-for-react inits the chart with the size it measured then, which a bare resize() keeps
    const resize = throttle(() => chartRef.current?.getEchartsInstance().resize({ width: 'auto', height: 'auto' }), CHART_RESIZE_THROTTLE_MS);
    window.addEventListener('resize', resize);
    const observer = new ResizeObserver(() => resize());
    observer.observe(box);
    return () => {
      resize.cancel();
      window.removeEventListener('resize', resize);
      observer.disconnect();
    };
  }, [empty]);

  return (
    <div ref={boxRef} className={props.className} style={{ height, width: '100%', ...props.style }} {...(props.ariaLabel ? { role: 'img', 'aria-label': props.ariaLabel } : {})}>
      {empty && !props.loading ? (
        <EmptyState description={props.emptyText ?? t('chart.noData')} size={120} />
      ) : (
        <ReactEChartsCore
          ref={chartRef}
          echarts={echarts}
          option={finalOption}
          theme={`ems-${getTheme()}`}
          notMerge={notMerge}
          showLoading={props.loading}
          autoResize={false}
          opts={{ renderer }}
          onEvents={props.onEvents}
          onChartReady={props.onChartReady}
          style={{ height: '100%', width: '100%' }}
        />
      )}
    </div>
  );
}
