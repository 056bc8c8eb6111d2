import { memo } from 'react';
import { Checkbox, Flex, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPERATIONS, OPERATION_ID, RESOURCES, toggled } from '../role-draft';

type Row = (typeof RESOURCES)[number];

/** Operation permissions: resources × operations with a select-all per row and per column. */
export const OperationMatrix = memo(function OperationMatrix({ value, onChange, disabled }: { value: ReadonlySet<number>; onChange: (auths: Set<number>) => void; disabled?: boolean }) {
  const { t, i18n } = useTranslation('admin-role');
  const english = i18n.language === 'en-US';
  const rowIds = (r: Row) => OPERATIONS.map((o) => OPERATION_ID(r.key, o.key));
  const colIds = (op: string) => RESOURCES.map((r) => OPERATION_ID(r.key, op));
  const state = (ids: number[]) => {
    const n = ids.filter((id) => value.has(id)).length;
    return { checked: n === ids.length, indeterminate: n > 0 && n < ids.length };
  };
  const columns: TableColumnsType<Row> = [
    {
      key: 'resource',
      title: t('resource'),
      fixed: 'left',
      width: 170,
      render: (_v, r) => (
        <Checkbox {...state(rowIds(r))} disabled={disabled} data-testid={`matrix-row-${r.key}`} onChange={(e) => onChange(toggled(value, rowIds(r), e.target.checked))}>
          {english ? r.en : r.zh}
        </Checkbox>
      ),
    },
    ...OPERATIONS.map(
      (o): TableColumnsType<Row>[number] => ({
        key: o.key,
        align: 'center',
        width: english ? 92 : 64,
        title: (
          <Flex vertical align="center" gap={4}>
            <span style={{ whiteSpace: english ? 'normal' : 'nowrap', lineHeight: 1.25 }}>{english ? o.en : o.zh}</span>
            <Checkbox
              {...state(colIds(o.key))}
              disabled={disabled}
              aria-label={english ? o.en : o.zh}
              data-testid={`matrix-col-${o.key}`}
              onChange={(e) => onChange(toggled(value, colIds(o.key), e.target.checked))}
            />
          </Flex>
        ),
        render: (_v, r) => {
          const id = OPERATION_ID(r.key, o.key);
          return (
            <Checkbox
              checked={value.has(id)}
              disabled={disabled}
              aria-label={`${r.key}_${o.key}`}
              data-testid={`matrix-${r.key}_${o.key}`}
              onChange={(e) => onChange(toggled(value, [id], e.target.checked))}
            />
          );
        },
      }),
    ),
  ];
  return <Table<Row> rowKey="key" size="small" bordered columns={columns} dataSource={RESOURCES} pagination={false} scroll={{ x: 'max-content', y: 420 }} data-testid="role-operation-matrix" />;
});
