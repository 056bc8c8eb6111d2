import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Empty, Flex, Row, Select, Skeleton, Space, Table, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayUnit, formatFen, formatNumber, type DateRange } from '@ems/domain';
import type { AbnormalBaseLoadSummary, AbnormalFindingRecord, AbnormalRegressionSummary, AbnormalRule, FindingStatus } from '@ems/contract';
import { invalidate } from '../../../lib/api/define-query';
import { Permission } from '../../../lib/permission';
import { formatTime, useProjectZone } from '../../../lib/time';
import { DateRangeSelector, EChart, KpiRow } from '../../../widgets';
import { abnormalResultsQuery, evaluateAbnormal, setFindingStatus, wasteAnalysisQuery } from '../api/abnormal-api';
import { BUCKET_PATTERN, heatCells, heatmapOption, resultChartOption } from '../result-view';
import { STATUS_PERMISSION } from '../rule-form';

/** What the regression baseline stood on over the range, and the days it left unjudged (DOMAIN §10.1). */
function RegressionNote({ summary }: { summary: AbnormalRegressionSummary }) {
  const { t } = useTranslation('abnormal');
  const m = summary.model;
  const drivers = [summary.weather ? t('result.driver.weather') : null, summary.production ? t('result.driver.production') : null].filter(Boolean).join(', ') || t('result.driver.none');
  const gaps = (Object.entries(summary.gaps) as [keyof AbnormalRegressionSummary['gaps'], number][]).filter(([, n]) => n > 0);
  const missing = gaps.reduce((a, [, n]) => a + n, 0);
  return (
    <Alert
      type={missing > 0 ? 'warning' : 'info'}
      showIcon
      data-testid="result-regression"
      title={m ? t('result.regression', { fitted: summary.fittedDays, n: m.n, r2: formatNumber(m.r2, 2), cv: formatNumber(m.cvRmsePct, 1), drivers }) : t('result.regressionNone')}
      description={missing > 0 ? t('result.regressionGaps', { n: missing, reasons: gaps.map(([g, n]) => t(`result.gap.${g}`, { n })).join(', ') }) : undefined}
    />
  );
}

/** How many working days the base-load ratio found above its limit, and the highest. */
function BaseLoadNote({ summary }: { summary: AbnormalBaseLoadSummary }) {
  const { t } = useTranslation('abnormal');
  const top = summary.days.reduce((a, d) => (d.ratioPct > a.ratioPct ? d : a));
  const abnormal = summary.days.filter((d) => d.abnormal).length;
  return (
    <Alert
      type={abnormal > 0 ? 'warning' : 'info'}
      showIcon
      data-testid="result-base-load"
      title={t('result.baseLoad', { abnormal, days: summary.days.length, ratio: summary.maxRatioPct, max: formatNumber(top.ratioPct, 1), date: top.date })}
    />
  );
}

const STATUS_COLOUR: Record<FindingStatus, string> = { open: 'error', acknowledged: 'warning', closed: 'default' };

/** A rule's results on one of its meters: KPIs, actual vs baseline with the abnormal spans shaded, waste per day, the findings with their status. */
export function ResultsPanel({ projectId, rule, priced, range, onRange }: { projectId: number; rule: AbnormalRule; priced: boolean; range: DateRange; onRange: (r: DateRange) => void }) {
  const { t } = useTranslation('abnormal');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const zone = useProjectZone();
  const client = useQueryClient();
  const [meterId, setMeterId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const meter = rule.meters.find((m) => m.id === meterId) ?? rule.meters[0];
  const body = { projectId, ruleId: rule.id, meterId: meter?.id ?? rule.id, startTime: range.startTime, endTime: range.endTime };
  const results = useQuery({ ...abnormalResultsQuery(body), enabled: meter !== undefined, placeholderData: keepPreviousData });
  const data = results.data;
  const refresh = () => void invalidate(client, abnormalResultsQuery);
  const evaluate = async () => {
    setBusy(true);
    try {
      const r = await evaluateAbnormal({ projectId, ruleId: rule.id, startTime: range.startTime, endTime: range.endTime });
      void message.success(t('result.evaluated', { created: r.created, updated: r.updated }));
      refresh();
      void invalidate(client, wasteAnalysisQuery);
    } finally {
      setBusy(false);
    }
  };
  const changeStatus = async (f: AbnormalFindingRecord, status: FindingStatus) => {
    await setFindingStatus(f.id, status);
    refresh();
  };
  const chart = useMemo(
    () =>
      data
        ? resultChartOption(
            data,
            { actual: t('result.actual'), expected: t('result.expected'), abnormal: t('result.abnormal') },
            { actual: token.colorPrimary, expected: token.colorTextSecondary, warn: token.colorWarning, alarm: token.colorError },
            (ts) => formatTime(ts, zone, BUCKET_PATTERN[data.bucket]),
          )
        : null,
    [data, t, token, zone],
  );
  const showYuan = priced || rule.params.unitPrice !== undefined;
  const heat = useMemo(() => {
    if (!data) return null;
    const first = formatTime(data.from, zone, 'YYYY-MM-DD');
    const { cells, weeks } = heatCells(data.days, first, showYuan);
    const weekdays = t('rule.weekday', { returnObjects: true }) as string[];
    const monFirst = [...weekdays.slice(1), weekdays[0] as string];
    return heatmapOption(cells, weeks, monFirst, { low: token.colorWarningBg, high: token.colorError }, showYuan ? t('result.wasteCost') : t('result.waste'));
  }, [data, showYuan, t, token, zone]);
  if (!meter) return null;
  const unit = displayUnit(data?.unit ?? meter.unit);
  return (
    <Card size="small" title={t('result.title', { name: rule.name })} data-testid="abnormal-results" data-ready={data !== undefined && !results.isFetching}>
      <Flex vertical gap={token.margin}>
        <Flex wrap align="center" gap={token.margin}>
          <Flex align="center" gap={token.marginXS}>
            <span>{t('result.meter')}</span>
            <Select<number> data-testid="result-meter" value={meter.id} style={{ width: 220 }} options={rule.meters.map((m) => ({ value: m.id, label: m.name }))} onChange={setMeterId} />
          </Flex>
          <DateRangeSelector value={range} onChange={onRange} />
          <Button type="primary" loading={busy} onClick={() => void evaluate()} data-testid="result-evaluate">
            {t('result.evaluate')}
          </Button>
        </Flex>
        {!data || !chart || !heat ? (
          <Skeleton active />
        ) : (
          <>
            <KpiRow
              col={{ xs: 12, md: 6 }}
              fill
              items={[
                { key: 'waste', title: t('result.waste'), value: formatNumber(data.totals.excess, 2), unit, testId: 'kpi-waste' },
                { key: 'cost', title: t('result.wasteCost'), value: showYuan ? formatFen(data.totals.fen) : '--', unit: '¥', testId: 'kpi-cost', hint: data.totals.unpriced > 0 ? t('result.unpriced', { v: `${formatNumber(data.totals.unpriced, 2)} ${unit}` }) : undefined },
                { key: 'findings', title: t('result.findings'), value: String(data.totals.findings), testId: 'kpi-findings' },
                { key: 'tce', title: t('result.tce'), value: formatNumber(data.totals.tce, 3), unit: 'tce', testId: 'kpi-tce' },
              ]}
            />
            {data.flagged.length > 0 && <Alert type="warning" showIcon title={t('result.flagged', { n: data.flagged.length })} data-testid="result-flagged" />}
            {data.regression && <RegressionNote summary={data.regression} />}
            {data.baseLoad && data.baseLoad.days.length > 0 && <BaseLoadNote summary={data.baseLoad} />}
            <Row gutter={token.margin}>
              <Col xs={24} xl={16}>
                <Card size="small" title={t('result.chart')} data-testid="result-chart">
                  <EChart option={chart} height={320} loading={results.isFetching} emptyText={t('noData')} />
                </Card>
              </Col>
              <Col xs={24} xl={8}>
                <Card size="small" title={t('result.heatmap')} data-testid="result-heatmap">
                  <EChart option={heat} height={320} empty={data.days.length === 0} emptyText={t('noData')} />
                </Card>
              </Col>
            </Row>
            <Table<AbnormalFindingRecord>
              rowKey="id"
              size="small"
              data-testid="result-findings"
              dataSource={data.findings}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              locale={{ emptyText: <Empty description={t('noData')} /> }}
              columns={[
                { title: t('result.meter'), dataIndex: 'meterName', width: 160 },
                { title: t('rule.name'), dataIndex: 'ruleName', width: 160 },
                { title: t('rule.level'), dataIndex: 'level', width: 80, render: (v: 'warn' | 'alarm') => <Tag color={v === 'alarm' ? 'error' : 'warning'}>{t(`level.${v}`)}</Tag> },
                { title: t('result.start'), dataIndex: 'start', width: 150, render: (v: number) => formatTime(v, zone, 'YYYY-MM-DD HH:mm') },
                { title: t('result.end'), dataIndex: 'end', width: 150, render: (v: number) => formatTime(v, zone, 'YYYY-MM-DD HH:mm') },
                { title: `${t('result.excess')} (${unit})`, dataIndex: 'excess', width: 110, align: 'right', render: (v: number) => formatNumber(v, 2) },
                { title: t('result.cost'), dataIndex: 'fen', width: 110, align: 'right', render: (v: number | null) => (v === null ? '--' : formatFen(v)) },
                { title: t('result.statusCol'), dataIndex: 'status', width: 90, render: (v: FindingStatus) => <Tag color={STATUS_COLOUR[v]}>{t(`status.${v}`)}</Tag> },
                {
                  title: t('rule.actions'),
                  key: 'actions',
                  width: 160,
                  render: (_, f) =>
                    f.id > 0 && (
                      <Permission code={STATUS_PERMISSION}>
                        <Space size={0}>
                          {f.status === 'open' && (
                            <Button type="link" size="small" onClick={() => void changeStatus(f, 'acknowledged')} data-testid="finding-ack">
                              {t('result.acknowledge')}
                            </Button>
                          )}
                          {f.status !== 'closed' ? (
                            <Button type="link" size="small" onClick={() => void changeStatus(f, 'closed')} data-testid="finding-close">
                              {t('result.close')}
                            </Button>
                          ) : (
                            <Button type="link" size="small" onClick={() => void changeStatus(f, 'open')} data-testid="finding-reopen">
                              {t('result.reopen')}
                            </Button>
                          )}
                        </Space>
                      </Permission>
                    ),
                },
              ]}
            />
          </>
        )}
      </Flex>
    </Card>
  );
}
