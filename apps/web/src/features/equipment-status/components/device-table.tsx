import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatThousands } from '@ems/domain';
import type { StateEnergy } from '@ems/contract';
import { STATE_KEYS, wasteSharePct } from '../state-view';

type Row = StateEnergy['devices'][number];

/** The devices with hours and kWh per state, metered kWh, the non-running share and its cost; a total row. */
export function DeviceTable({ data }: { data: StateEnergy }) {
  const { t } = useTranslation('equipment-status');
  const rows: Row[] = [...data.devices, { deviceId: 0, deviceName: t('energy.total'), ...data.totals }];
  const n = (v: number) => formatThousands(v, 1);
  return (
    <Table<Row>
      rowKey="deviceId"
      size="small"
      pagination={false}
      scroll={{ x: 1300 }}
      dataSource={rows}
      data-testid="device-table"
      columns={[
        { title: t('energy.device'), dataIndex: 'deviceName', fixed: 'left', width: 180 },
        ...STATE_KEYS.map((s) => ({ title: t('energy.hoursCol', { state: t(`state.${s}`) }), key: `h-${s}`, align: 'right' as const, render: (_: unknown, r: Row) => formatThousands(r.hours[s], 2) })),
        { title: t('energy.metered'), key: 'metered', align: 'right' as const, render: (_: unknown, r: Row) => n(r.meteredKwh) },
        { title: t('energy.wasteShare'), key: 'share', align: 'right' as const, render: (_: unknown, r: Row) => { const p = wasteSharePct(r); return p === null ? '--' : `${formatNumber(p, 1)}%`; } },
        { title: t('energy.wasteYuan'), key: 'yuan', align: 'right' as const, render: (_: unknown, r: Row) => (data.priced ? formatThousands(r.wasteYuan, 2) : '--') },
        ...STATE_KEYS.map((s) => ({ title: t('energy.kwhCol', { state: t(`state.${s}`) }), key: `k-${s}`, align: 'right' as const, render: (_: unknown, r: Row) => n(r.kwh[s]) })),
      ]}
    />
  );
}
