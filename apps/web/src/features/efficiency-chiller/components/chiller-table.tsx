import type { ReactNode } from 'react';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ChillerEfficiency, ChillerRow } from '@ems/contract';
import { DataTable } from '../../../widgets';
import { curveText, fmt, gradeColor, pair } from '../chiller-view';

interface Column {
  key: string;
  title: string;
  width: number;
  align?: 'right';
  cell: (r: ChillerRow) => ReactNode;
  total?: ReactNode;
}

/** Per chiller: rating, cooling, electricity, run hours, COP, kW/RT, mean PLR, full-load COP, IPLV, grade, temperatures, the fitted curve; the plant as the summary row. */
export function ChillerTable({ data, loading }: { data: ChillerEfficiency; loading: boolean }) {
  const { t } = useTranslation('efficiency-chiller');
  const p = data.plant;
  const num = (key: string, title: string, get: (r: ChillerRow) => string, width = 110, total?: string): Column => ({
    key,
    title,
    width,
    align: 'right',
    cell: (r) => <span data-testid={`chiller-${key}-${r.id}`}>{get(r)}</span>,
    total: total === undefined ? undefined : <span data-testid={`chiller-total-${key}`}>{total}</span>,
  });
  const cols: Column[] = [
    { key: 'name', title: t('col.name'), width: 120, cell: (r) => r.name, total: <strong>{t('col.total')}</strong> },
    num('rated', `${t('col.rated')} (kW)`, (r) => fmt(r.ratedCoolingKw, 0, true), 120),
    num('cooling', `${t('col.cooling')} (kWh)`, (r) => fmt(r.coolingKwh, 0, true), 130, fmt(p.coolingKwh, 0, true)),
    num('electricity', `${t('col.electricity')} (kWh)`, (r) => fmt(r.electricityKwh, 0, true), 130, fmt(p.electricity.chillers, 0, true)),
    num('runHours', `${t('col.runHours')} (h)`, (r) => fmt(r.runHours, 2), 110),
    num('cop', t('col.cop'), (r) => fmt(r.cop, 2), 80, fmt(p.cop, 2)),
    num('kwPerRt', t('col.kwPerRt'), (r) => fmt(r.kwPerRt, 3), 90, fmt(p.kwPerRt, 3)),
    num('plr', `${t('col.plr')} (%)`, (r) => fmt(r.plrAvg === null ? null : r.plrAvg * 100, 1), 110),
    num('copAt100', t('col.copAt100'), (r) => fmt(r.copAt100, 2), 110),
    num('iplv', t('col.iplv'), (r) => fmt(r.iplv, 2), 80),
    {
      key: 'grade',
      title: t('col.grade'),
      width: 110,
      cell: (r) => (
        <Tag color={gradeColor(r.grade)} data-testid={`chiller-grade-${r.id}`}>
          {t(`grade.${r.grade}`)}
        </Tag>
      ),
    },
    num('chw', `${t('col.chws')} (°C)`, (r) => pair(r.temps.chws, r.temps.chwr), 130, pair(p.temps.chws, p.temps.chwr)),
    num('cw', `${t('col.cws')} (°C)`, (r) => pair(r.temps.cws, r.temps.cwr), 130, pair(p.temps.cws, p.temps.cwr)),
    num('flow', `${t('col.flow')} (m³/h)`, (r) => fmt(r.temps.flowM3h, 1), 130),
    num('load', `${t('col.load')} (kW)`, (r) => fmt(r.temps.loadKw, 0, true), 150),
    { key: 'curve', title: `${t('col.curve')} (COP)`, width: 300, cell: (r) => curveText(r.curve) },
  ];
  const columns: ColumnsType<ChillerRow> = cols.map((c) => ({ key: c.key, title: c.title, width: c.width, align: c.align, render: (_: unknown, r: ChillerRow) => c.cell(r) }));
  return (
    <DataTable<ChillerRow>
      rowKey="id"
      columns={columns}
      dataSource={data.chillers}
      pagination={false}
      size="small"
      scroll={{ x: cols.reduce((a, c) => a + c.width, 0) }}
      loading={loading}
      data-testid="chiller-table"
      summary={() => (
        <Table.Summary.Row data-testid="chiller-total-row">
          {cols.map((c, i) => (
            <Table.Summary.Cell key={c.key} index={i} align={c.align}>
              {c.total ?? null}
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      )}
    />
  );
}
