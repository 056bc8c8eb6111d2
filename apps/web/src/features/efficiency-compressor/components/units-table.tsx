import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { AirManager, CompressorUnitFigures, UnloadingRate } from '@ems/contract';
import { fmt, gradeColor, limitsText, pctText } from '../view';

type Row = CompressorUnitFigures & { unloading?: UnloadingRate['units'][number] };

/** Each machine over the range: energy, air, specific power (weighted for a VSD) against its grade limits, loaded and unloaded hours and what running unloaded cost. */
export function UnitsTable({ data, unloading, loading }: { data: AirManager; unloading: UnloadingRate | undefined; loading: boolean }) {
  const { t } = useTranslation('efficiency-compressor');
  const rows: Row[] = data.units.map((u) => ({ ...u, unloading: unloading?.units.find((x) => x.id === u.id) }));
  const num = (key: string, title: string, get: (r: Row) => number | null | undefined, d: number, width = 110) => ({
    key,
    title,
    width,
    align: 'right' as const,
    render: (_: unknown, r: Row) => <span data-testid={`air-${key}-${r.id}`}>{fmt(get(r), d)}</span>,
  });
  const cols: ColumnsType<Row> = [
    { key: 'name', title: t('table.name'), dataIndex: 'name', width: 130, fixed: 'left' },
    { key: 'drive', title: t('table.drive'), width: 90, render: (_, r) => t(`table.${r.drive}`) },
    num('kwh', t('table.kwh'), (r) => r.kwh, 1, 120),
    num('air', t('table.air'), (r) => r.airM3, 0, 120),
    num('sp', `${t('table.sp')} (${t('unit.sp')})`, (r) => r.specificPower, 2, 150),
    num('weighted', t('table.weighted'), (r) => r.weightedSpecificPower, 2, 120),
    { key: 'limits', title: t('table.limits'), width: 130, render: (_, r) => limitsText(r.gradeLimits) },
    num('loaded', t('table.loaded'), (r) => r.loadedH, 1, 90),
    num('unloaded', t('table.unloaded'), (r) => r.unloadedH, 1, 90),
    { key: 'rate', title: t('table.loadingRate'), width: 90, align: 'right', render: (_, r) => <span data-testid={`air-rate-${r.id}`}>{pctText(r.loadingRatePct, 1)}</span> },
    num('unloadedKwh', t('table.unloadedKwh'), (r) => r.unloading?.unloadedKwh, 0, 120),
    num('unloadedYuan', t('table.unloadedYuan'), (r) => r.unloading?.unloadedYuan, 0, 120),
    {
      key: 'grade',
      title: t('table.grade'),
      width: 110,
      render: (_, r) => (
        <Tag color={gradeColor(r.grade)} data-testid={`air-grade-${r.id}`}>
          {t(`grade.${r.grade}`)}
        </Tag>
      ),
    },
  ];
  return <Table<Row> size="small" rowKey="id" columns={cols} dataSource={rows} loading={loading} pagination={false} scroll={{ x: 1500 }} data-testid="air-units" />;
}
