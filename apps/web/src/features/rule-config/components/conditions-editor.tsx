import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { displayUnit } from '@ems/domain';
import { useFormRules } from '../../../widgets';
import { dataPointsQuery } from '../../../lib/api/data-points';
import { OPERATOR_CODES, OPERATOR_SYMBOLS } from '../conditions';
import type { NodeRef } from './node-select';

/** Most conditions of one rule (RuleConfigInput). */
export const MAX_CONDITIONS = 5;

/** Conditions of a rule: data point of the chosen node, comparison code (1 >, 2 <, 3 =, 4 >=, 5 <=, 6 !=), limit. */
export function ConditionsEditor({ projectId, node }: { projectId: number; node: NodeRef | null }) {
  const { t } = useTranslation('rule-config');
  const rules = useFormRules();
  const points = useQuery(dataPointsQuery(node?.id ?? null, projectId));
  const options = (points.data ?? []).map((p) => ({ value: p.dataId, label: `${p.name}${p.unit ? ` (${displayUnit(p.unit)})` : ''}` }));
  if (!node) return <Typography.Text type="secondary">{t('form.pickNodeFirst')}</Typography.Text>;
  return (
    <Form.List name="conditions">
      {(fields, { add, remove }) => (
        <Flex vertical gap={4} data-testid="rule-conditions">
          {fields.map((field) => (
            <Flex key={field.key} gap={8} align="start" data-testid="rule-condition">
              <Form.Item name={[field.name, 'dataId']} rules={rules.select(t('form.dataPoint'))} style={{ flex: 2, marginBottom: 8 }}>
                <Select loading={points.isLoading} options={options} placeholder={t('form.dataPoint')} aria-label={t('form.dataPoint')} />
              </Form.Item>
              <Form.Item name={[field.name, 'operator']} rules={rules.select(t('form.operator'))} style={{ width: 90, marginBottom: 8 }}>
                <Select aria-label={t('form.operator')} options={OPERATOR_CODES.map((c) => ({ value: c, label: OPERATOR_SYMBOLS[c] }))} />
              </Form.Item>
              <Form.Item name={[field.name, 'limit']} rules={[...rules.required(t('form.limit')), ...rules.decimal6()]} style={{ flex: 1, marginBottom: 8 }}>
                <Input placeholder={t('form.limit')} aria-label={t('form.limit')} />
              </Form.Item>
              <Button icon={<DeleteOutlined />} aria-label={t('form.removeCondition')} disabled={fields.length <= 1} onClick={() => remove(field.name)} />
            </Flex>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= MAX_CONDITIONS} onClick={() => add({ operator: 1 })}>
            {t('form.addCondition')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
