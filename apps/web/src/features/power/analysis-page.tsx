import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Skeleton, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatNumber, formatThousands, rangeOf, type DateRange } from '@ems/domain';
import { useSession } from '../../lib/session';
import { AnalysisToolbar, chartPalette, EChart, KpiRow, TrendChart, usePickedItem } from '../../widgets';
import { exportAnalysis } from './api/export-power';
import { analysisQuery, transformersQuery } from './api/get-analysis';
import { etaOption, loadOption, spectrumOption, zoneHoursOption } from './analysis-charts';
import { PqCards } from './components/pq-cards';
import { gradeColor, pqTrendSeries } from './power-view';
import { formatTime, useProjectZone } from '../../lib/time';

const pct = (v: number | null, d = 1) => (v === null ? '--' : `${formatNumber(v, d)}`);

/**
 * Transformer analysis (/powertransformerAnalysis, DOMAIN §5 and §9): one transformer over the
 * range — load curve with zone bands, hours per zone, η–β curve with today's points and the
 * optimum, PQ compliance per index with the worst phase, the harmonic spectrum against its limits,
 * voltage deviation and unbalance trends with limit lines.
 */
export default function AnalysisPage() {
  const { t } = useTranslation('power');
  const { token } = theme.useToken();
  const projectId = useSession((s) => s.projectId);
  const list = useQuery({ ...transformersQuery(projectId ?? 1), enabled: projectId !== null });
  const zone = useProjectZone();
  const [range, setRange] = useState<DateRange>(() => rangeOf(1, Date.now(), zone));
  // ?transformerId= from the overview's link, when it names one of the project's transformers
  const [params] = useSearchParams();
  const linked = list.data?.find((x) => String(x.id) === params.get('transformerId'))?.id;
  const pick = usePickedItem(list.data, list.isLoading, linked);
  const transformerId = pick.id;
  const body = { projectId: projectId ?? 1, transformerId: transformerId ?? 1, startTime: range.startTime, endTime: range.endTime };
  const a = useQuery({ ...analysisQuery(body), enabled: projectId !== null && transformerId !== null, placeholderData: keepPreviousData });
  const c = chartPalette(token);
  const data = a.data;
  const zones = { light: t('zone.light'), economic: t('zone.economic'), optimal: t('zone.optimal'), over: t('zone.over') };
  const options = useMemo(() => {
    if (!data) return null;
    const time = (ts: number) => formatTime(ts, zone, range.type === 1 ? 'HH:mm' : 'MM-DD HH:mm');
    return {
      load: loadOption(data, c, { loadRate: t('analysis.loadRate'), power: t('analysis.activePower'), zones }, time),
      zones: zoneHoursOption(data, c, zones, t('analysis.hours')),
      eta: etaOption(data, c, { eta: t('analysis.etaSeries', { cos: data.cosPhi ?? 0.9 }), today: t('analysis.todayPoints'), optimum: t('analysis.optimum', { value: `${data.optimum?.loadRatePct ?? ''}%` }) }),
      spectrum: spectrumOption(data, c, { voltage: t('analysis.harmonicV'), current: t('analysis.harmonicI'), limit: t('analysis.limit') }),
      dev: pqTrendSeries(data.pqTrend, 'deviation', { lower: data.limits.voltageDeviationLower, upper: data.limits.voltageDeviationUpper }, { device: data.row.name, a: t('phase.a'), b: t('phase.b'), c: t('phase.c'), unbalance: '' }),
      unb: pqTrendSeries(data.pqTrend, 'unbalance', { lower: null, upper: data.limits.unbalanceUpper }, { device: data.row.name, a: '', b: '', c: '', unbalance: t('index.voltageUnbalance') }),
    };
    // c and zones follow token and t
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, token, t, zone, range.type]);
  if (projectId === null) return <Empty description={t('noProject')} />;
  if (list.data && list.data.length === 0) return <Empty description={t('noTransformer')} />;
  const row = data?.row;
  const kpis: [string, string, string, string?][] = row
    ? [
        ['avg', t('analysis.kpi.avg'), pct(row.loadRateAvgPct), '%'],
        ['max', t('analysis.kpi.max'), pct(row.loadRateMaxPct), '%'],
        ['efficiency', t('analysis.kpi.efficiency'), pct(row.efficiencyPct, 2), '%'],
        ['loss', t('analysis.kpi.loss'), row.lossKwh === null ? '--' : formatThousands(row.lossKwh, 1), 'kWh'],
        ['pq', t('analysis.kpi.pq'), pct(row.pq?.overallCompliancePct ?? null, 2), '%'],
      ]
    : [];
  return (
    <Flex vertical gap={token.margin} data-testid="transformer-analysis">
      <AnalysisToolbar
        range={range}
        onRangeChange={setRange}
        types={[1, 2, 3, 5]}
        picker={{ label: t('analysis.transformer'), testId: 'transformer-picker', ...pick.picker }}
        exportLabel={t('export')}
        onExport={() => void exportAnalysis(body)}
        exportDisabled={!data}
        exportTestId="analysis-export"
      >
        {row && row.p0Kw !== null && (
          <Typography.Text type="secondary" data-testid="nameplate">
            {t('analysis.nameplateText', { kva: row.ratedKva, p0: row.p0Kw, pk: row.pkKw, i0: row.i0Pct, uk: row.ukPct })}
          </Typography.Text>
        )}
      </AnalysisToolbar>
      {!data || !options ? (
        <Skeleton active />
      ) : (
        <>
          <KpiRow
            col={{ xs: 12, md: 8, xl: 4 }}
            items={[
              ...kpis.map(([key, title, value, unit]) => ({ key, title, value, unit, testId: `kpi-${key}` })),
              { key: 'grade', title: t('analysis.kpi.grade'), valueRender: () => <Tag color={gradeColor(data.row.grade)} data-testid="kpi-grade">{t(`grade.${data.row.grade}`)}</Tag> },
            ]}
          />
          <Row gutter={[token.margin, token.margin]}>
            <Col xs={24} xl={16}>
              <Card size="small" title={t('analysis.load')} data-testid="load-card">
                <EChart option={options.load} height={320} loading={a.isFetching} emptyText={t('noData')} />
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card size="small" title={t('analysis.zones')}>
                <EChart option={options.zones} height={320} />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('analysis.eta')} data-testid="eta-card">
                <EChart option={options.eta} height={320} />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('analysis.spectrum')} data-testid="spectrum-card">
                <EChart option={options.spectrum} height={320} emptyText={t('noData')} />
              </Card>
            </Col>
          </Row>
          {data.row.pq && (
            <Card
              size="small"
              title={t('analysis.pq', { from: formatTime(data.row.pq.from, zone, 'YYYY-MM-DD HH:mm'), to: formatTime(data.row.pq.to, zone, 'YYYY-MM-DD HH:mm') })}
              extra={data.row.pq.complete === false && <Tag color="processing" data-testid="pq-pending">{t('analysis.pqPending')}</Tag>}
              data-testid="pq-section"
            >
              <PqCards indices={data.row.pq.indices} />
            </Card>
          )}
          <Row gutter={[token.margin, token.margin]}>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('analysis.devTrend')} data-testid="dev-trend-card">
                <TrendChart series={options.dev} height={300} options={{ limit: true }} exportName={t('analysis.devTrend')} />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('analysis.unbTrend')} data-testid="unb-trend-card">
                <TrendChart series={options.unb} height={300} options={{ limit: true }} exportName={t('analysis.unbTrend')} />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </Flex>
  );
}
