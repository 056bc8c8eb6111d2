import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Select, Skeleton, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { TREND_INTERVALS, TREND_MAX_ROWS_PER_LINE } from '@ems/contract';
import { assignYAxes, rangeOf, type DateRange, type TrendSeries } from '@ems/domain';
import { useSession } from '../../lib/session';
import { DateRangeSelector, ModelTree, SidePanel, TrendChart, type ModelTreeNode } from '../../widgets';
import { useModelTreeNodes, type TreeNodeRef } from '../../lib/api/model-tree';
import { trendSeriesQuery } from '../../lib/api/trend-series';
import { trendRequestBody } from './api/get-trend-data';
import { PointPicker } from './components/point-picker';
import { MAX_TREND_LINES, lineKey, toggleLine, type SelectedLine } from './selection';
import { useProjectZone } from '../../lib/time';

/** Chart widths are rounded to this many px, so a small resize does not refetch. */
const WIDTH_STEP_PX = 100;

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(1000);
  useEffect(() => {
    const measure = () => {
      const w = ref.current?.clientWidth ?? 0;
      if (w > 0) setWidth(Math.max(WIDTH_STEP_PX, Math.round(w / WIDTH_STEP_PX) * WIDTH_STEP_PX));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return { ref, width };
}

/**
 * Equipment trend analysis (/equipmentTrendAnalysis): model tree → a device → its data points
 * (those with readings) → up to 8 lines on the trend chart over a date range and interval.
 */
export default function EquipmentTrendPage() {
  const { t } = useTranslation('equipment-trend');
  const { token } = theme.useToken();
  const projectId = useSession((s) => s.projectId);
  const tree = useModelTreeNodes(projectId);
  const [device, setDevice] = useState<TreeNodeRef | null>(null);
  const [selected, setSelected] = useState<SelectedLine[]>([]);
  const zone = useProjectZone();
  const [range, setRange] = useState<DateRange>(() => rangeOf(1, Date.now(), zone));
  const [interval, setIntervalS] = useState<number>(0);
  const { ref, width } = useWidth();
  const request = { range, interval, lines: selected.map(({ deviceId, dataId }) => ({ deviceId, dataId })), pixelWidth: width, timeZone: zone };
  const trend = useQuery(trendSeriesQuery(trendRequestBody(request)));

  const series: TrendSeries[] = useMemo(() => {
    const lines = trend.data ?? [];
    const { yIndex } = assignYAxes(lines.map((l) => l.param));
    return lines.map((l, i) => ({ param: { ...l.param, yIndex: yIndex[i] ?? 0 }, data: l.data }));
  }, [trend.data]);
  const truncated = (trend.data ?? []).some((l) => l.truncated);

  if (projectId === null) return <Empty />;
  return (
    <Flex gap={token.margin} style={{ height: '100%', minHeight: 560 }} data-testid="equipment-trend">
      <SidePanel title={t('tree')} storageKey="equipmentTrend.sidePanel">
        {tree.isLoading ? (
          <Skeleton active />
        ) : (
          <div data-testid="trend-tree">
            <ModelTree
              treeData={tree.data ?? []}
              defaultExpandedKeys={(tree.data ?? []).map((n) => n.key)}
              selectedKey={device ? `${device.modelLabel}_${device.id}` : undefined}
              onSelect={(n: ModelTreeNode) => setDevice(n.data as TreeNodeRef)}
            />
          </div>
        )}
      </SidePanel>
      <Card title={t('points')} size="small" style={{ width: 240, flex: 'none', overflow: 'auto' }}>
        <PointPicker device={device} selected={selected} onToggle={(line, on) => setSelected((s) => toggleLine(s, line, on))} />
      </Card>
      <Flex vertical gap={token.marginSM} style={{ flex: 1, minWidth: 0 }}>
        <Card size="small">
          <Flex wrap align="center" gap={token.margin}>
            <DateRangeSelector value={range} onChange={setRange} />
            <Flex align="center" gap={token.marginXS}>
              <span>{t('interval')}</span>
              <Select<number>
                data-testid="trend-interval"
                value={interval}
                onChange={setIntervalS}
                style={{ width: 120 }}
                options={TREND_INTERVALS.map((s) => ({ value: s, label: t(s === 0 ? 'intervalRaw' : `interval${s}`) }))}
              />
            </Flex>
          </Flex>
          <Flex wrap align="center" gap={token.marginXS} style={{ marginTop: token.marginSM }} data-testid="trend-selected">
            <span>{t('selected')}:</span>
            {selected.length === 0 && <span style={{ color: token.colorTextSecondary }}>{t('noneSelected', { max: MAX_TREND_LINES })}</span>}
            {selected.map((l) => (
              <Tag key={lineKey(l)} closable onClose={() => setSelected((s) => toggleLine(s, l, false))} data-testid="trend-selected-line">
                {`${l.deviceName} - ${l.dataName}`}
              </Tag>
            ))}
            {selected.length > 0 && (
              <Button type="link" size="small" onClick={() => setSelected([])}>
                {t('clear')}
              </Button>
            )}
          </Flex>
        </Card>
        <Card size="small" title={t('chartTitle')} style={{ flex: 1 }}>
          {truncated && <Alert type="warning" showIcon style={{ marginBottom: token.marginSM }} title={t('truncated', { rows: TREND_MAX_ROWS_PER_LINE })} />}
          <div ref={ref} data-testid="trend-chart">
            <TrendChart series={series} loading={trend.isFetching} height={420} exportName={t('exportName')} />
          </div>
        </Card>
      </Flex>
    </Flex>
  );
}
