import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Segmented, Select, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { rangeOf, type DateRange } from '@ems/domain';
import { useSession } from '../../lib/session';
import { formatTime, useProjectZone } from '../../lib/time';
import { DateRangeSelector, EChart } from '../../widgets';
import { schemesQuery } from './api/get-schemes';
import { exportStateEnergy, stateEnergyQuery } from './api/get-state-energy';
import { DeviceTable } from './components/device-table';
import { StateKpis } from './components/state-kpis';
import { BUCKET_PATTERN, STATE_KEYS, stackedOption, type StateColours, type StateKey } from './state-view';

/**
 * Consumption by equipment state (/deviceStateEnergyConsumption, DOMAIN §10): for a programme's
 * devices over the range, hours and kWh per state, the standby and stopped kWh priced at the TOU
 * tariff (the waste), stacked bars per period, and the per-device table with its export.
 */
export default function StateEnergyPage() {
  const { t } = useTranslation('equipment-status');
  const { token } = theme.useToken();
  const projectId = useSession((s) => s.projectId);
  const zone = useProjectZone();
  const schemes = useQuery(schemesQuery(projectId));
  const [picked, setPicked] = useState<number | null>(null);
  const [deviceIds, setDeviceIds] = useState<number[]>([]);
  const [range, setRange] = useState<DateRange>(() => rangeOf(3, Date.now(), zone));
  const [measure, setMeasure] = useState<'kwh' | 'hours'>('kwh');
  const scheme = schemes.data?.find((s) => s.id === picked) ?? schemes.data?.[0] ?? null;
  const body = { projectId: projectId ?? 1, schemeId: scheme?.id ?? 1, ...(deviceIds.length > 0 ? { deviceIds } : {}), startTime: range.startTime, endTime: range.endTime };
  const energy = useQuery({ ...stateEnergyQuery(body), enabled: projectId !== null && scheme !== null, placeholderData: keepPreviousData });
  const colours: StateColours = { running: token.colorSuccess, standby: token.colorWarning, stopped: token.colorTextTertiary, unknown: token.colorBorder };
  const data = energy.data;
  const option = useMemo(() => {
    if (!data) return null;
    const names = Object.fromEntries(STATE_KEYS.map((s) => [s, t(`state.${s}`)])) as Record<StateKey, string>;
    return stackedOption(data, measure, names, colours, (ts) => formatTime(ts, zone, BUCKET_PATTERN[data.bucket]), measure === 'kwh' ? 'kWh' : 'h');
    // colours follow token
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, measure, t, token, zone]);
  if (projectId === null) return <Empty description={t('noProject')} />;
  if (schemes.data && schemes.data.length === 0) return <Empty description={t('energy.noScheme')} data-testid="state-energy-empty" />;
  return (
    <Flex vertical gap={token.margin} data-testid="state-energy-page" data-ready={data !== undefined && !energy.isFetching}>
      <Card size="small">
        <Flex wrap align="center" gap={token.margin}>
          <Flex align="center" gap={token.marginXS}>
            <span>{t('energy.scheme')}</span>
            <Select<number>
              data-testid="state-scheme"
              value={scheme?.id}
              style={{ width: 220 }}
              loading={schemes.isLoading}
              options={(schemes.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              onChange={(v) => {
                setPicked(v);
                setDeviceIds([]);
              }}
            />
          </Flex>
          <Flex align="center" gap={token.marginXS}>
            <span>{t('energy.devices')}</span>
            <Select<number[]>
              mode="multiple"
              allowClear
              data-testid="state-devices"
              value={deviceIds}
              placeholder={t('energy.allDevices')}
              style={{ minWidth: 260 }}
              maxTagCount="responsive"
              options={(scheme?.devices ?? []).map((d) => ({ value: d.deviceId, label: d.deviceName }))}
              onChange={setDeviceIds}
            />
          </Flex>
          <DateRangeSelector value={range} onChange={setRange} />
          <Button onClick={() => void exportStateEnergy(body)} disabled={!data} data-testid="state-export">
            {t('export')}
          </Button>
        </Flex>
      </Card>
      {!data || !option ? (
        <Skeleton active />
      ) : (
        <>
          <StateKpis totals={data.totals} priced={data.priced} colours={colours} />
          <Card
            size="small"
            title={t('energy.chart')}
            extra={<Segmented<'kwh' | 'hours'> value={measure} onChange={setMeasure} options={[{ value: 'kwh', label: t('energy.kwh') }, { value: 'hours', label: t('energy.hours') }]} data-testid="state-measure" />}
            data-testid="state-chart"
          >
            <EChart option={option} height={320} loading={energy.isFetching} emptyText={t('noData')} />
          </Card>
          <Card size="small" title={t('energy.table')}>
            <DeviceTable data={data} />
          </Card>
        </>
      )}
    </Flex>
  );
}
