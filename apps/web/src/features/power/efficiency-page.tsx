import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Skeleton, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TransformerEfficiency } from '@ems/contract';
import { formatNumber, formatThousands, rangeOf, type DateRange } from '@ems/domain';
import { useSession } from '../../lib/session';
import { formatTime, useProjectZone } from '../../lib/time';
import { AnalysisToolbar, chartPalette, EChart, KpiRow } from '../../widgets';
import { exportEfficiency } from './api/export-power';
import { efficiencyQuery } from './api/get-efficiency';
import { etaOption, loadOption } from './analysis-charts';
import { EfficiencyTable } from './components/efficiency-table';
import { fleetZonesOption, lossSplitOption } from './efficiency-charts';
import { gradeColor } from './power-view';

const STEP_PATTERN: Record<TransformerEfficiency['step'], string> = { hour: 'MM-DD HH:mm', day: 'MM-DD', month: 'YYYY-MM' };

/**
 * Transformer efficiency (/transformerEnergyEfficiency, DOMAIN §5 with §3's tariff): the fleet's
 * output, losses in kWh and ¥, loss rate and capacity-weighted load rate; for the chosen unit its
 * load rate against the GB/T 13462 zones, its loss split per bucket, its η–β curve with the
 * operating point and the optimum, its GB 20052-2024 grade; the fleet table with the suggestions
 * and what a year of each is worth; the export of that table.
 */
export default function EfficiencyPage() {
  const { t } = useTranslation('power');
  const { token } = theme.useToken();
  const projectId = useSession((s) => s.projectId);
  const zone = useProjectZone();
  const [range, setRange] = useState<DateRange>(() => rangeOf(3, Date.now(), zone));
  const [picked, setPicked] = useState<number | null>(null);
  const body = { projectId: projectId ?? 1, startTime: range.startTime, endTime: range.endTime, ...(picked === null ? {} : { transformerId: picked }) };
  const q = useQuery({ ...efficiencyQuery(body), enabled: projectId !== null, placeholderData: keepPreviousData });
  const data = q.data;
  const c = chartPalette(token);
  const zones = { light: t('zone.light'), economic: t('zone.economic'), optimal: t('zone.optimal'), over: t('zone.over') };
  const options = useMemo(() => {
    const d = data?.detail;
    if (!data || !d) return null;
    return {
      load: loadOption(d, c, { loadRate: t('analysis.loadRate'), power: t('analysis.activePower'), zones }, (ts) => formatTime(ts, zone, data.to - data.from <= 86_400_000 * 1.5 ? 'HH:mm' : 'MM-DD HH:mm')),
      split: lossSplitOption(
        d.buckets,
        c,
        { noLoadKwh: t('efficiency.noLoadKwh'), loadKwh: t('efficiency.loadKwh'), noLoadYuan: t('efficiency.noLoadYuan'), loadYuan: t('efficiency.loadYuan') },
        (ts) => formatTime(ts, zone, STEP_PATTERN[data.step]),
      ),
      zones: fleetZonesOption(data.rows, c, zones, t('efficiency.hours')),
      eta: etaOption({ etaCurve: d.etaCurve, optimum: d.optimum, today: d.operating ? [d.operating] : [] }, c, {
        eta: t('analysis.etaSeries', { cos: d.cosPhi ?? 0.9 }),
        today: t('efficiency.operating'),
        optimum: t('analysis.optimum', { value: `${d.optimum?.loadRatePct ?? ''}%` }),
      }),
    };
    // c and zones follow token and t
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, token, t, zone]);
  if (projectId === null) return <Empty description={t('noProject')} />;
  if (data && data.rows.length === 0) return <Empty description={t('noTransformer')} />;
  const chosen = data?.rows.find((r) => r.id === data.detail?.transformerId);
  const tot = data?.totals;
  const kpis: { key: string; title: string; value: string; unit?: string; prefix?: string; hint?: string }[] = tot
    ? [
        { key: 'energy', title: t('efficiency.kpi.energy'), value: formatThousands(tot.energyKwh, 1), unit: 'kWh' },
        {
          key: 'loss',
          title: t('efficiency.kpi.loss'),
          value: formatThousands(tot.lossKwh, 1),
          unit: 'kWh',
          hint: t('efficiency.kpiHint.loss', { noLoad: formatThousands(tot.noLoadLossKwh, 1), load: formatThousands(tot.loadLossKwh, 1) }),
        },
        {
          key: 'lossYuan',
          title: t('efficiency.kpi.lossYuan'),
          value: tot.lossYuan === null ? '--' : formatThousands(tot.lossYuan, 2),
          prefix: '¥',
          hint: tot.lossYuan === null ? undefined : t('efficiency.kpiHint.lossYuan', { noLoad: formatThousands(tot.noLoadLossYuan ?? 0, 2), load: formatThousands(tot.loadLossYuan ?? 0, 2) }),
        },
        { key: 'lossRate', title: t('efficiency.kpi.lossRate'), value: tot.lossRatePct === null ? '--' : formatNumber(tot.lossRatePct, 2), unit: '%' },
        { key: 'loadRate', title: t('efficiency.kpi.loadRate'), value: tot.loadRateAvgPct === null ? '--' : formatNumber(tot.loadRateAvgPct, 1), unit: '%', hint: t('efficiency.kpiHint.loadRate') },
      ]
    : [];
  const loading = q.isFetching;
  return (
    <Flex vertical gap={token.margin} data-testid="transformer-efficiency" data-ready={data !== undefined && !q.isPlaceholderData && !loading}>
      <AnalysisToolbar
        range={range}
        onRangeChange={setRange}
        types={[1, 2, 3, 5, 6]}
        picker={{
          label: t('efficiency.transformer'),
          testId: 'eff-picker',
          value: data?.detail?.transformerId ?? picked ?? undefined,
          width: 160,
          items: data?.rows ?? [],
          onChange: setPicked,
        }}
        pickerPlacement="afterRange"
        exportLabel={t('export')}
        onExport={() => void exportEfficiency(body)}
        exportDisabled={!data}
        exportTestId="eff-export"
      >
        {data && (
          <Typography.Text type="secondary" data-testid="eff-tariff">
            {data.tariff.schemeName === null ? t('efficiency.noTariff') : t('efficiency.tariff', { name: data.tariff.schemeName })}
            {data.tariff.schemeName !== null && data.tariff.unpricedHours > 0 ? ` · ${t('efficiency.unpriced', { hours: formatNumber(data.tariff.unpricedHours, 0) })}` : ''}
          </Typography.Text>
        )}
      </AnalysisToolbar>
      {!data || !options ? (
        <Skeleton active />
      ) : (
        <>
          <KpiRow col={{ flex: '1 1 200px' }} items={kpis.map((k) => ({ ...k, testId: `eff-kpi-${k.key}` }))} />
          <Row gutter={[token.margin, token.margin]}>
            <Col xs={24} xl={16}>
              <Card size="small" title={`${t('efficiency.load')} · ${chosen?.name ?? ''}`} data-testid="eff-load-card">
                <EChart option={options.load} height={320} loading={loading} emptyText={t('noData')} />
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card size="small" title={t('efficiency.zones')} data-testid="eff-zones-card">
                <EChart option={options.zones} height={320} />
              </Card>
            </Col>
            <Col xs={24} xl={14}>
              <Card size="small" title={`${t('efficiency.split')} · ${chosen?.name ?? ''}`} data-testid="eff-split-card">
                <EChart option={options.split} height={320} loading={loading} emptyText={t('noData')} />
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card
                size="small"
                title={`${t('efficiency.eta')} · ${chosen?.name ?? ''}`}
                extra={
                  chosen && (
                    <Tag color={gradeColor(chosen.grade)} data-testid="eff-grade">
                      GB 20052-2024 {t(`grade.${chosen.grade}`)}
                    </Tag>
                  )
                }
                data-testid="eff-eta-card"
              >
                <EChart option={options.eta} height={320} />
              </Card>
            </Col>
          </Row>
          <Card size="small" title={t('efficiency.fleet')}>
            <EfficiencyTable data={data} loading={loading} onOpen={setPicked} />
          </Card>
        </>
      )}
    </Flex>
  );
}
