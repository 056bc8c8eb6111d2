import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CompressorUnitInfo, StandingBook } from '@ems/contract';
import { fmt, gradeColor, limitsText } from '../view';

/** The register of machines (airCompressor/standingBook): nameplate, set-points and the GB 19153 grade line of each. */
export function StandingBookTable({ book }: { book: StandingBook }) {
  const { t } = useTranslation('efficiency-compressor');
  const n = (key: keyof CompressorUnitInfo, title: string, d = 2, width = 110) => ({
    key,
    title,
    width,
    align: 'right' as const,
    render: (_: unknown, r: CompressorUnitInfo) => fmt(r[key] as number | null, d),
  });
  const cols: ColumnsType<CompressorUnitInfo> = [
    { key: 'name', title: t('table.name'), dataIndex: 'name', width: 130, fixed: 'left' },
    { key: 'code', title: t('table.code'), dataIndex: 'code', width: 90 },
    { key: 'drive', title: t('table.drive'), width: 90, render: (_, r) => t(`table.${r.drive}`) },
    n('ratedKw', t('table.ratedKw'), 0),
    n('ratedFlowM3min', t('table.ratedFlow'), 1, 130),
    n('pressureMPa', t('table.pressure')),
    n('loadPressureMPa', t('table.loadP')),
    n('unloadPressureMPa', t('table.unloadP')),
    n('targetPressureMPa', t('table.targetP')),
    n('ratedSpecificPower', `${t('table.ratedSp')} (${t('unit.sp')})`, 3, 160),
    { key: 'limits', title: t('table.limits'), width: 130, render: (_, r) => limitsText(r.gradeLimits) },
    {
      key: 'ratedGrade',
      title: t('table.ratedGrade'),
      width: 100,
      render: (_, r) => (
        <Tag color={gradeColor(r.ratedGrade)} data-testid={`air-rated-grade-${r.id}`}>
          {t(`grade.${r.ratedGrade}`)}
        </Tag>
      ),
    },
  ];
  return <Table<CompressorUnitInfo> size="small" rowKey="id" columns={cols} dataSource={book.units} pagination={false} scroll={{ x: 1400 }} data-testid="air-book" />;
}
