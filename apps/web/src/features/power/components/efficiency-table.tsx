import type { ReactNode } from 'react';
import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TransformerEfficiency, TransformerEfficiencyRow } from '@ems/contract';
import { formatNumber, formatThousands } from '@ems/domain';
import { DataTable } from '../../../widgets';
import { byNumber, gradeColor, zoneColor } from '../power-view';
import { suggestionText, suggestionTone } from '../suggestion-text';

type Row = TransformerEfficiencyRow;
type Totals = TransformerEfficiency['totals'];

const kwh = (v: number | null) => (v === null ? '--' : formatThousands(v, 1));
const yuan = (v: number | null) => (v === null ? '--' : formatThousands(v, 2));
const pct = (v: number | null, d = 2) => (v === null ? '--' : `${formatNumber(v, d)}%`);

interface Column {
  key: string;
  title: string;
  width: number;
  align?: 'right';
  fixed?: 'left';
  cell: (r: Row) => ReactNode;
  sort?: (r: Row) => number | null;
  /** the totals row's cell */
  total?: (t: Totals) => ReactNode;
}

/**
 * The fleet table of /transformerEnergyEfficiency: per unit the load rates, output, losses in kWh
 * and ¥, loss rate, η, zone, grade and the suggestions with what a year of each is worth; the
 * fleet's totals as its summary row (each the sum of the column above it, as shown).
 */
export function EfficiencyTable({ data, loading, onOpen }: { data: TransformerEfficiency; loading: boolean; onOpen: (id: number) => void }) {
  const { t } = useTranslation('power');
  const num = (key: string, title: string, get: (r: Row) => number | null, fmt: (v: number | null) => string, total?: (t: Totals) => number | null, width = 120): Column => ({
    key,
    title,
    width,
    align: 'right',
    sort: get,
    cell: (r) => <span data-testid={`eff-${key}-${r.id}`}>{fmt(get(r))}</span>,
    total: total && ((x) => <span data-testid={`eff-total-${key}`}>{fmt(total(x))}</span>),
  });
  const cols: Column[] = [
    {
      key: 'name',
      title: t('col.name'),
      width: 120,
      fixed: 'left',
      cell: (r) => (
        <Typography.Link onClick={() => onOpen(r.id)} data-testid={`eff-open-${r.id}`}>
          {r.name}
        </Typography.Link>
      ),
      total: () => <strong>{t('efficiency.total')}</strong>,
    },
    num('rated', `${t('col.rated')} (kVA)`, (r) => r.ratedKva, (v) => (v === null ? '--' : formatThousands(v, 0)), (x) => x.ratedKva, 110),
    num('avg', t('col.avg'), (r) => r.loadRateAvgPct, (v) => pct(v, 1), (x) => x.loadRateAvgPct, 100),
    num('max', t('col.max'), (r) => r.loadRateMaxPct, (v) => pct(v, 1), undefined, 100),
    num('energy', `${t('col.energy')} (kWh)`, (r) => r.energyKwh, kwh, (x) => x.energyKwh, 130),
    num('noLoad', `${t('col.noLoadLoss')} (kWh)`, (r) => r.noLoadLossKwh, kwh, (x) => x.noLoadLossKwh),
    num('load', `${t('col.loadLoss')} (kWh)`, (r) => r.loadLossKwh, kwh, (x) => x.loadLossKwh),
    num('loss', `${t('col.loss')} (kWh)`, (r) => r.lossKwh, kwh, (x) => x.lossKwh),
    num('noLoadYuan', `${t('efficiency.col.noLoadYuan')} (¥)`, (r) => r.noLoadLossYuan, yuan, (x) => x.noLoadLossYuan),
    num('loadYuan', `${t('efficiency.col.loadYuan')} (¥)`, (r) => r.loadLossYuan, yuan, (x) => x.loadLossYuan),
    num('lossYuan', `${t('efficiency.col.lossYuan')} (¥)`, (r) => r.lossYuan, yuan, (x) => x.lossYuan),
    num('rate', t('efficiency.col.lossRate'), (r) => r.lossRatePct, (v) => pct(v, 2), (x) => x.lossRatePct, 100),
    num('eff', t('col.efficiency'), (r) => r.efficiencyPct, (v) => pct(v, 2), (x) => x.efficiencyPct, 100),
    { key: 'zone', title: t('col.zone'), width: 100, cell: (r) => (r.zone ? <Tag color={zoneColor(r.zone)}>{t(`zone.${r.zone}`)}</Tag> : '--') },
    { key: 'grade', title: t('col.grade'), width: 100, cell: (r) => <Tag color={gradeColor(r.grade)} data-testid={`eff-grade-${r.id}`}>{t(`grade.${r.grade}`)}</Tag> },
    {
      key: 'advice',
      title: t('col.advice'),
      width: 380,
      cell: (r) =>
        r.suggestions.length > 0 ? (
          <Typography.Text type={suggestionTone(r.suggestions)} data-testid={`eff-advice-${r.id}`}>
            {r.suggestions.map((x) => suggestionText(x, t)).join('; ')}
          </Typography.Text>
        ) : (
          '--'
        ),
    },
  ];
  const columns: ColumnsType<Row> = cols.map((c) => ({ key: c.key, title: c.title, width: c.width, align: c.align, fixed: c.fixed, render: (_: unknown, r: Row) => c.cell(r), ...(c.sort ? { sorter: byNumber(c.sort) } : {}) }));
  return (
    <DataTable<Row>
      rowKey="id"
      columns={columns}
      dataSource={data.rows}
      pagination={false}
      size="small"
      scroll={{ x: cols.reduce((a, c) => a + c.width, 0) }}
      loading={loading}
      data-testid="eff-table"
      summary={() => (
        <Table.Summary.Row data-testid="eff-total-row">
          {cols.map((c, i) => (
            <Table.Summary.Cell key={c.key} index={i} align={c.align}>
              {c.total?.(data.totals) ?? null}
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      )}
    />
  );
}
