import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { rangeOf, type DateRange } from '@ems/domain';
import { useSession } from '../../lib/session';
import { formatTime, useProjectZone } from '../../lib/time';
import { AnalysisToolbar, chartPalette, EChart } from '../../widgets';
import { exportChillerEfficiency } from './api/export-chiller';
import { chillerEfficiencyQuery } from './api/get-chiller-efficiency';
import { scatterOption, splitOption, temperatureOption, trendOption } from './chiller-charts';
import { BUCKET_PATTERN } from './chiller-view';
import { ChillerTable } from './components/chiller-table';
import { KpiCards } from './components/kpi-cards';
import { TemperatureFigures } from './components/temperature-panel';

/**
 * Chiller plant efficiency (/refrigerationEfficiency, DOMAIN §6): chiller COP, kW/RT and the plant's
 * system EER with the cooling over the range, their trend, COP against part load per chiller with
 * the fitted curve, IPLV and the GB 19577 grade, the temperature panel (chilled and condenser
 * water, outdoor, wet bulb, tower approach), the electricity split and the per-chiller table with
 * its export.
 */
export default function ChillerPage() {
  const { t } = useTranslation('efficiency-chiller');
  const { token } = theme.useToken();
  const projectId = useSession((s) => s.projectId);
  const zone = useProjectZone();
  const [range, setRange] = useState<DateRange>(() => rangeOf(3, Date.now(), zone));
  const body = { projectId: projectId ?? 1, startTime: range.startTime, endTime: range.endTime };
  const q = useQuery({ ...chillerEfficiencyQuery(body), enabled: projectId !== null, placeholderData: keepPreviousData });
  const data = q.data;
  const c = chartPalette(token);
  const options = useMemo(() => {
    if (!data) return null;
    const time = (ts: number) => formatTime(ts, zone, BUCKET_PATTERN[data.bucket]);
    return {
      trend: trendOption(data.trend, c, { cooling: t('series.cooling'), cop: t('series.cop'), eer: t('series.eer') }, time),
      scatter: scatterOption(data.chillers, c, { fit: t('card.scatterNote'), plr: t('series.plr') }),
      temps: temperatureOption(
        data.temperatures,
        c,
        { chws: t('temp.chws'), chwr: t('temp.chwr'), cws: t('temp.cws'), cwr: t('temp.cwr'), outdoor: t('temp.outdoor'), wetBulb: t('temp.wetBulb'), approach: t('temp.approach') },
        time,
      ),
      split: splitOption(data.plant.electricity, c, { chillers: t('part.chillers'), chwPumps: t('part.chwPumps'), cwPumps: t('part.cwPumps'), towers: t('part.towers') }),
    };
    // c follows token
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, token, t, zone]);
  if (projectId === null) return <Empty description={t('noProject')} />;
  if (data && data.chillers.length === 0) return <Empty description={t('noChiller')} />;
  const loading = q.isFetching;
  return (
    <Flex vertical gap={token.margin} data-testid="chiller-efficiency" data-ready={data !== undefined && !q.isPlaceholderData && !loading}>
      <AnalysisToolbar
        range={range}
        onRangeChange={setRange}
        types={[1, 2, 3, 5, 6]}
        exportLabel={t('export')}
        onExport={() => void exportChillerEfficiency(body)}
        exportDisabled={!data}
        exportTestId="chiller-export"
      >
        {data && (
          <Typography.Text type="secondary" data-testid="chiller-standard">
            {t('standard', { code: data.standard.code, date: data.standard.effectiveDate })}
          </Typography.Text>
        )}
      </AnalysisToolbar>
      {!data || !options ? (
        <Skeleton active />
      ) : (
        <>
          <KpiCards data={data} />
          <Row gutter={[token.margin, token.margin]}>
            <Col xs={24} xl={14}>
              <Card size="small" title={t('card.trend')} data-testid="chiller-trend-card">
                <EChart option={options.trend} height={320} loading={loading} emptyText={t('noData')} />
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card size="small" title={t('card.scatter')} data-testid="chiller-scatter-card">
                <EChart option={options.scatter} height={300} loading={loading} emptyText={t('noData')} />
                <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                  {t('card.scatterNote')}
                </Typography.Text>
              </Card>
            </Col>
            <Col xs={24} xl={16}>
              <Card size="small" title={t('card.temps')} data-testid="chiller-temps-card">
                <Flex vertical gap={token.marginSM}>
                  <TemperatureFigures temps={data.plant.temps} />
                  <EChart option={options.temps} height={300} loading={loading} emptyText={t('noData')} />
                </Flex>
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card size="small" title={t('card.split')} data-testid="chiller-split-card" style={{ height: '100%' }}>
                <EChart option={options.split} height={360} loading={loading} emptyText={t('noData')} />
              </Card>
            </Col>
          </Row>
          <Card size="small" title={t('card.table')}>
            <ChillerTable data={data} loading={loading} />
          </Card>
        </>
      )}
    </Flex>
  );
}
