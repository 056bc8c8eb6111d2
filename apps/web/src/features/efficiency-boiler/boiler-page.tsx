import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Skeleton, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { rangeOf, type DateRange } from '@ems/domain';
import { useSession } from '../../lib/session';
import { formatTime, useProjectZone } from '../../lib/time';
import { AnalysisToolbar, chartPalette, EChart, KpiRow, usePickedItem } from '../../widgets';
import { exportBoiler } from './api/export-boiler';
import { boilerAnalysisQuery, boilersQuery } from './api/get-boiler';
import { flueOption, ratioOption, trendOption, waterfallOption } from './boiler-charts';
import { bucketPattern, fig, gradeColor } from './boiler-view';
import { BoilerTable } from './components/boiler-table';

/**
 * Boiler efficiency (/boilerEnergyEfficiency, DOMAIN §8): one boiler over the range — direct
 * (input-output) efficiency per bucket and overall, the heat-loss waterfall from the flue gas,
 * flue-gas temperature and O₂ against their limits, steam/gas ratio and coal equivalent per t of
 * steam, the GB 24500 grade; the bucket table exports to xlsx.
 */
export default function BoilerPage() {
  const { t } = useTranslation('efficiency-boiler');
  const { token } = theme.useToken();
  const projectId = useSession((s) => s.projectId);
  const zone = useProjectZone();
  const list = useQuery({ ...boilersQuery(projectId ?? 1), enabled: projectId !== null });
  const pick = usePickedItem(list.data, list.isLoading);
  const [range, setRange] = useState<DateRange>(() => rangeOf(3, Date.now(), zone));
  const boilerId = pick.id;
  const body = { projectId: projectId ?? 1, boilerId: boilerId ?? 1, startTime: range.startTime, endTime: range.endTime, dateType: range.type };
  const a = useQuery({ ...boilerAnalysisQuery(body), enabled: projectId !== null && boilerId !== null, placeholderData: keepPreviousData });
  const data = a.data;
  const c = chartPalette(token);
  const options = useMemo(() => {
    if (!data) return null;
    const time = (ts: number) => formatTime(ts, zone, bucketPattern(data.grain));
    const lim = data.limits;
    return {
      trend: trendOption(data, c, { direct: t('chart.direct'), indirect: t('chart.indirect'), load: t('chart.load') }, time),
      waterfall: waterfallOption(data.total, c, { input: t('chart.input'), q2: t('chart.q2'), q3: t('chart.q3'), q5: t('chart.q5'), unaccounted: t('chart.unaccounted'), efficiency: t('chart.efficiency') }),
      flue: flueOption(
        data,
        c,
        {
          flueTemp: t('chart.flueTemp'),
          o2: t('chart.o2'),
          flueLimit: lim ? t('chart.flueLimit', { value: lim.flueTempMaxC }) : '',
          o2Limit: lim ? t('chart.o2Limit', { value: fig(lim.o2MaxPct, 1), alpha: lim.excessAirMax }) : '',
        },
        time,
      ),
      ratio: ratioOption(data, c, { steamPerGas: t('chart.steamPerGas'), kgce: t('chart.kgce') }, time),
    };
    // c follows token
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, token, t, zone]);
  if (projectId === null) return <Empty description={t('noProject')} />;
  if (list.data && list.data.length === 0) return <Empty description={t('noBoiler')} />;
  const b = data?.boiler;
  const tot = data?.total;
  const kpis: [string, string, string, string][] = tot
    ? [
        ['direct', t('kpi.direct'), fig(tot.directEfficiencyPct, 2), '%'],
        ['indirect', t('kpi.indirect'), fig(tot.indirectEfficiencyPct, 2), '%'],
        ['steam', t('kpi.steam'), fig(tot.steamT, 1), 't'],
        ['gas', t('kpi.gas'), fig(tot.gasM3, 0), 'm³'],
        ['ratio', t('kpi.ratio'), fig(tot.steamPerGas, 1), 't/10⁴m³'],
        ['kgce', t('kpi.kgce'), fig(tot.kgcePerSteamT, 2), 'kgce/t'],
        ['cost', t('kpi.cost'), fig(tot.fuelCostYuanPerSteamT, 1), '¥/t'],
        ['load', t('kpi.load'), fig(tot.loadPct, 1), '%'],
      ]
    : [];
  const limits = data?.gradeLimits;
  return (
    <Flex vertical gap={token.margin} data-testid="boiler-page" data-ready={data !== undefined && !a.isPlaceholderData && options !== null}>
      <AnalysisToolbar
        range={range}
        onRangeChange={setRange}
        types={[1, 2, 3, 5, 6]}
        picker={{ label: t('boiler'), testId: 'boiler-picker', ...pick.picker }}
        exportLabel={t('export')}
        onExport={() => void exportBoiler(body)}
        exportDisabled={!data}
        exportTestId="boiler-export"
      >
        {b && (
          <Typography.Text type="secondary" data-testid="boiler-nameplate">
            {t('nameplate', {
              tph: b.ratedTph ?? '--',
              fuel: b.fuel ? t(`fuel.${b.fuel}`) : '--',
              medium: t(`medium.${b.medium}`),
              lhv: b.fuelLhvMjPerM3 ?? '--',
              bd: b.blowdownPct ?? 0,
              steam: b.steamMeterName ?? '--',
              gas: b.gasMeterName ?? '--',
            })}
          </Typography.Text>
        )}
      </AnalysisToolbar>
      {!data || !options ? (
        <Skeleton active />
      ) : (
        <>
          <KpiRow
            col={{ xs: 12, md: 8, xl: 4, xxl: 3 }}
            items={[
              ...kpis.map(([key, title, value, unit]) => ({ key, title, value, unit, testId: `kpi-${key}` })),
              { key: 'grade', title: t('kpi.grade'), valueRender: () => <Tag color={gradeColor(data.grade)} data-testid="kpi-grade">{t(`grade.${data.grade}`)}</Tag> },
            ]}
          />
          {limits && (
            <Typography.Text type="secondary" data-testid="grade-hint">
              {t('gradeHint', { code: data.standard.code, g1: limits[0]?.efficiencyPct, g2: limits[1]?.efficiencyPct, g3: limits[2]?.efficiencyPct })}
            </Typography.Text>
          )}
          <Row gutter={[token.margin, token.margin]}>
            <Col xs={24} xl={14}>
              <Card size="small" title={t('chart.trend')} data-testid="trend-card">
                <EChart option={options.trend} height={320} loading={a.isFetching} emptyText={t('noData')} />
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card size="small" title={t('chart.waterfall')} data-testid="waterfall-card">
                <EChart option={options.waterfall} height={320} emptyText={t('noData')} />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('chart.flue')} data-testid="flue-card">
                <EChart option={options.flue} height={300} emptyText={t('noData')} />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('chart.ratio')} data-testid="ratio-card">
                <EChart option={options.ratio} height={300} emptyText={t('noData')} />
              </Card>
            </Col>
          </Row>
          <Card size="small" title={t('table.title')}>
            <BoilerTable data={data} zone={zone} />
          </Card>
        </>
      )}
    </Flex>
  );
}
