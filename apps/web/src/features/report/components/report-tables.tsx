import { Alert, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatThousands } from '@ems/domain';
import type { Report, ReportSectionT } from '@ems/contract';
import { useFormatTime } from '../../../lib/time';

type Cell = string | number | null;
interface Line {
  key: string;
  cells: Cell[];
}

const NAME_W = 180;
const CELL_W = 92;

/** A report table: the name column frozen on the left, figures right-aligned, the totals row pinned under the rows. */
function Grid({ testId, headers, lines, totals, format }: { testId: string; headers: string[]; lines: Line[]; totals: Cell[] | null; format: ((v: Cell) => string)[] }) {
  const text = (i: number, v: Cell) => (format[i] ?? String)(v);
  const columns: ColumnsType<Line> = headers.map((h, i) => ({
    key: String(i),
    title: h,
    width: i === 0 ? NAME_W : CELL_W,
    fixed: i === 0 ? ('left' as const) : undefined,
    align: i === 0 ? ('left' as const) : ('right' as const),
    render: (_: unknown, line: Line) => text(i, line.cells[i] ?? null),
  }));
  return (
    <Table<Line>
      className="report-table"
      data-testid={testId}
      size="small"
      bordered
      rowKey="key"
      pagination={false}
      scroll={{ x: NAME_W + CELL_W * (headers.length - 1) }}
      dataSource={lines}
      columns={columns}
      summary={() =>
        totals ? (
          <Table.Summary fixed>
            <Table.Summary.Row data-testid={`${testId}-totals`}>
              {headers.map((_, i) => (
                <Table.Summary.Cell key={i} index={i} align={i === 0 ? 'left' : 'right'}>
                  <Typography.Text strong>{text(i, totals[i] ?? null)}</Typography.Text>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}

const str = (v: Cell) => (v === null ? '--' : String(v));
const n2 = (v: Cell) => (typeof v === 'number' ? formatThousands(v, 2) : str(v));
const n3 = (v: Cell) => (typeof v === 'number' ? formatThousands(v, 3) : str(v));
const n1 = (v: Cell) => (typeof v === 'number' ? formatNumber(v, 1) : str(v));
const n4 = (v: Cell) => (typeof v === 'number' ? formatNumber(v, 4) : str(v));

/** The table of one section of the report. */
export function SectionTable({ report: r, section }: { report: Report; section: ReportSectionT }) {
  const { t } = useTranslation('report');
  const time = useFormatTime();
  const total = t('total');
  if (section === 'consumption' && r.consumption) {
    const c = r.consumption;
    const n = r.columns.length;
    return (
      <Grid
        testId="report-consumption"
        headers={[t('name'), ...r.columns.map((col) => (col.repeated ? `${col.label}*` : col.label)), `${total} (${r.unit})`, t('share')]}
        lines={c.rows.map((row) => ({ key: `${row.modelLabel}_${row.id}`, cells: [row.name, ...row.values, row.total, row.sharePct] }))}
        totals={[total, ...c.columnTotals, c.total, c.total !== null && c.total > 0 ? 100 : null]}
        format={[str, ...Array.from({ length: n + 1 }, () => n2), n1]}
      />
    );
  }
  if (section === 'tou') {
    if (!r.tou) return <Alert type="info" showIcon title={t(r.touNote === 'notElectricity' ? 'tou.notElectricity' : 'tou.noTariff')} data-testid="report-tou-note" />;
    const tou = r.tou;
    const ps = tou.periods as (keyof typeof tou.totals.kwh)[];
    const cells = (row: typeof tou.totals, name: string): Cell[] => [
      name,
      ...ps.map((p) => row.kwh[p]),
      ...ps.map((p) => row.fen[p] / 100),
      row.totalKwh,
      row.totalFen / 100,
      row.averagePriceYuanPerKwh,
    ];
    return (
      <>
        <Typography.Text type="secondary">{t('tou.scheme', { name: tou.schemeName })}</Typography.Text>
        <Grid
          testId="report-tou"
          headers={[t('name'), ...ps.map((p) => t('tou.kwh', { period: t(`period.${p}`) })), ...ps.map((p) => t('tou.yuan', { period: t(`period.${p}`) })), t('tou.totalKwh'), t('tou.totalYuan'), t('tou.average')]}
          lines={tou.rows.map((row) => ({ key: String(row.id), cells: cells(row, row.name) }))}
          totals={cells(tou.totals, total)}
          format={[str, ...ps.map(() => n2), ...ps.map(() => n2), n2, n2, n4]}
        />
      </>
    );
  }
  if (section === 'readings' && r.readings) {
    return (
      <Grid
        testId="report-readings"
        headers={[t('readings.meter'), t('readings.start'), t('readings.end'), t('readings.multiplier'), t('readings.consumption', { unit: r.unit }), t('readings.quality')]}
        lines={r.readings.rows.map((m) => ({ key: String(m.id), cells: [m.name, m.startRegister, m.endRegister, m.multiplier, m.consumption, t(`quality.${m.quality}`)] }))}
        totals={[total, null, null, null, r.readings.total, '']}
        format={[str, n3, n3, (v) => str(v), n2, str]}
      />
    );
  }
  if (section === 'power') {
    if (!r.power) return <Alert type="info" showIcon title={t('power.onlyElectricity')} data-testid="report-power-note" />;
    const at = (v: Cell) => (typeof v === 'number' ? time(v, 'YYYY-MM-DD HH:mm') : '--');
    const cells = (p: NonNullable<Report['power']>['node'], name: string): Cell[] => [name, p.maxDemandKw, p.maxDemandAt, p.powerFactor];
    return (
      <Grid
        testId="report-power"
        headers={[t('name'), t('power.md'), t('power.at'), t('power.pf')]}
        lines={r.power.rows.map((p) => ({ key: String(p.id), cells: cells(p, p.name) }))}
        totals={cells(r.power.node, t('power.node', { name: r.power.node.name }))}
        format={[str, n2, at, (v) => (typeof v === 'number' ? formatNumber(v, 2) : '--')]}
      />
    );
  }
  return null;
}
