import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Skeleton, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GradeLimit } from '@ems/contract';
import { formatNumber, rangeOf, type DateRange } from '@ems/domain';
import { useSession } from '../../lib/session';
import { formatTime, useProjectZone } from '../../lib/time';
import { AnalysisToolbar, chartPalette, EChart, KpiRow } from '../../widgets';
import { exportCompressor } from './api/export-compressor';
import { airManagerQuery } from './api/get-air-manager';
import { electricalRatioQuery } from './api/get-electrical-ratio';
import { loadingAnalysisQuery } from './api/get-loading-analysis';
import { pressureQuery } from './api/get-pressure';
import { standingBookQuery } from './api/get-standing-book';
import { unloadingRateQuery } from './api/get-unloading-rate';
import { pressureOption, ratioOption, specificPowerOption, timelineOption } from './charts';
import { LeakCard } from './components/leak-card';
import { SavingCard } from './components/saving-card';
import { StandingBookTable } from './components/standing-book-table';
import { UnitsTable } from './components/units-table';
import { fmt, GRAIN_PATTERN, gradeColor, stepPattern } from './view';

/**
 * Compressed-air efficiency (/airCompressionEnergyEfficiency, DOMAIN §7): the station's KPIs, the
 * specific power of each machine and of the station against the GB 19153-2019 grade lines, the
 * gas-electric ratio, the load/unload timeline, the header pressure against its set-point band, the
 * leakage estimate from the idle hours, the saving of a lower set-point, and the standing book.
 */
export default function CompressorPage() {
  const { t } = useTranslation('efficiency-compressor');
  const { token } = theme.useToken();
  const projectId = useSession((s) => s.projectId);
  const zone = useProjectZone();
  const [range, setRange] = useState<DateRange>(() => rangeOf(3, Date.now(), zone));
  const [lowerBar, setLowerBar] = useState(0.5);
  const body = { projectId: projectId ?? 1, startTime: range.startTime, endTime: range.endTime };
  const enabled = projectId !== null;
  const book = useQuery({ ...standingBookQuery({ projectId: projectId ?? 1 }), enabled });
  const manager = useQuery({ ...airManagerQuery({ ...body, lowerBar }), enabled, placeholderData: keepPreviousData });
  const ratio = useQuery({ ...electricalRatioQuery(body), enabled, placeholderData: keepPreviousData });
  const loading = useQuery({ ...loadingAnalysisQuery(body), enabled, placeholderData: keepPreviousData });
  const unloading = useQuery({ ...unloadingRateQuery(body), enabled, placeholderData: keepPreviousData });
  const pressure = useQuery({ ...pressureQuery(body), enabled, placeholderData: keepPreviousData });
  const all = [book, manager, ratio, loading, unloading, pressure];
  const ready = all.every((q) => q.data !== undefined && !q.isPlaceholderData && !q.isFetching);
  const c = chartPalette(token);
  const grade = (g: GradeLimit) => t('gradeLine', { grade: t(`grade.${g.grade}`), value: formatNumber(g.specificPower, 2) });
  const options = useMemo(() => {
    const r = ratio.data;
    const a = loading.data;
    const p = pressure.data;
    if (!r || !a || !p) return null;
    const time = (pattern: string) => (ts: number) => formatTime(ts, zone, pattern);
    return {
      sp: specificPowerOption(r, c, { station: t('station'), grade, unit: t('unit.sp') }, time(GRAIN_PATTERN[r.grain])),
      ratio: ratioOption(r, c, { air: t('chart.air'), ratio: t('chart.ratio2') }, time(GRAIN_PATTERN[r.grain])),
      timeline: timelineOption(
        a,
        c,
        { states: [t('state.off'), t('state.unloaded'), t('state.cycling'), t('state.loaded')], tip: (h) => t('stateTip', h) },
        time(GRAIN_PATTERN[a.grain]),
      ),
      pressure: pressureOption(p, c, { avg: t('chart.avg'), min: t('chart.min'), max: t('chart.max'), band: t('chart.band'), target: t('chart.target') }, time(stepPattern(p.stepMs))),
    };
    // c and grade follow token and t
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ratio.data, loading.data, pressure.data, token, t, zone]);
  if (projectId === null) return <Empty description={t('noProject')} />;
  if (book.data && book.data.units.length === 0) return <Empty description={t('noStation')} />;
  const m = manager.data;
  const s = m?.station;
  const kpis: [string, string, string, string | undefined, string?][] = s
    ? [
        ['kwh', t('kpi.kwh'), fmt(s.kwh, 0), 'kWh'],
        ['air', t('kpi.air'), fmt(s.airM3, 0), 'm³'],
        ['sp', t('kpi.sp'), fmt(s.specificPower, 2), t('unit.sp'), t('kpiHint.sp')],
        ['ratio', t('kpi.ratio'), fmt(s.m3PerKwh, 2), 'm³/kWh', t('kpiHint.ratio', { value: fmt(s.kwhPerM3, 4) })],
        ['loading', t('kpi.loading'), s.loadingRatePct === null ? '--' : formatNumber(s.loadingRatePct, 1), '%', t('kpiHint.loading', { hours: fmt(s.unloadedH, 0) })],
        ['yuan', t('kpi.yuan'), fmt(s.yuan, 0), undefined],
      ]
    : [];
  const p = m?.pressure;
  return (
    <Flex vertical gap={token.margin} data-testid="air-compressor" data-ready={ready}>
      <AnalysisToolbar
        range={range}
        onRangeChange={setRange}
        types={[1, 2, 3, 5, 6]}
        exportLabel={t('export')}
        onExport={() => void exportCompressor({ ...body, lowerBar })}
        exportDisabled={!m}
        exportTestId="air-export"
      >
        {m && (
          <Typography.Text type="secondary" data-testid="air-standard">
            {t('standard', { code: m.standard.code, title: m.standard.title, date: m.standard.effectiveDate })}
          </Typography.Text>
        )}
      </AnalysisToolbar>
      {!m || !s || !options || !book.data ? (
        <Skeleton active />
      ) : (
        <>
          <KpiRow
            col={{ flex: '1 1 180px' }}
            fill
            items={kpis.map(([key, title, value, unit, hint]) => ({
              key,
              title,
              value,
              unit,
              hint,
              prefix: key === 'yuan' ? '¥' : undefined,
              testId: `air-kpi-${key}`,
              children: key === 'sp' && (
                <Flex align="center" gap={token.marginXS}>
                  <Typography.Text type="secondary">{t('kpi.grade')}</Typography.Text>
                  <Tag color={gradeColor(s.grade)} data-testid="air-kpi-grade">
                    {t(`grade.${s.grade}`)}
                  </Tag>
                </Flex>
              ),
            }))}
          />
          <Row gutter={[token.margin, token.margin]}>
            <Col xs={24} xl={16}>
              <Card size="small" title={t('chart.sp')} data-testid="air-sp-card">
                <EChart option={options.sp} height={320} loading={ratio.isFetching} emptyText={t('noData')} />
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card size="small" title={t('chart.ratio')} data-testid="air-ratio-card">
                <EChart option={options.ratio} height={320} loading={ratio.isFetching} emptyText={t('noData')} />
              </Card>
            </Col>
            <Col xs={24}>
              <Card size="small" title={t('chart.timeline')} data-testid="air-timeline-card">
                <EChart option={options.timeline} height={60 + 44 * (loading.data?.units.length ?? 1)} loading={loading.isFetching} emptyText={t('noData')} />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card
                size="small"
                title={t('chart.pressure')}
                data-testid="air-pressure-card"
              >
                <EChart option={options.pressure} height={300} loading={pressure.isFetching} emptyText={t('noData')} />
                {p && (
                  <Flex vertical>
                    <Typography.Text data-testid="air-pressure-summary">
                      {t('pressure.summary', { avg: fmt(p.avgMPa, 3), min: fmt(p.minMPa, 3), max: fmt(p.maxMPa, 3), within: p.withinPct === null ? '--' : formatNumber(p.withinPct, 1) })}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                      {t('pressure.band', { low: fmt(p.lowMPa, 2), high: fmt(p.highMPa, 2), target: fmt(p.targetMPa, 2) })}
                    </Typography.Text>
                  </Flex>
                )}
              </Card>
            </Col>
            <Col xs={24} md={12} xl={6}>
              <LeakCard data={m} />
            </Col>
            <Col xs={24} md={12} xl={6}>
              <SavingCard data={m} lowerBar={lowerBar} onLowerBar={setLowerBar} />
            </Col>
          </Row>
          <Card size="small" title={t('table.figures')}>
            <UnitsTable data={m} unloading={unloading.data} loading={manager.isFetching} />
          </Card>
          <Card size="small" title={t('table.book')}>
            <StandingBookTable book={book.data} />
          </Card>
        </>
      )}
    </Flex>
  );
}
