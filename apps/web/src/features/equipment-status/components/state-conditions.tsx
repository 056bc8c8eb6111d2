import { Button, Checkbox, Flex, Form, Input, Radio, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COMPARISON_SYMBOLS } from '@ems/domain';
import type { EquipmentStateT, EquipmentStatusOptions } from '@ems/contract';
import { useFormRules } from '../../../widgets';

const MAX_CONDITIONS = 5;
const OPERATORS = [1, 2, 3, 4, 5, 6];

/** One state of one device: ticked or not, the combinator and its conditions (device, data point, comparison code, value). */
export function StateConditions({ deviceId, state, options }: { deviceId: number; state: EquipmentStateT; options: EquipmentStatusOptions }) {
  const { t } = useTranslation('equipment-status');
  const rules = useFormRules();
  const base = ['devices', String(deviceId), state];
  const enabled = Form.useWatch([...base, 'enabled']) as boolean | undefined;
  const sources = options.sources.map((s) => ({ value: s.id, label: s.name }));
  const points = options.dataPoints.map((p) => ({ value: p.dataId, label: p.unit ? `${p.name} (${p.unit})` : p.name }));
  return (
    <Flex vertical gap={4} data-testid={`state-${deviceId}-${state}`}>
      <Flex align="center" gap={12}>
        <Typography.Text strong>{t(`state.${state}`)}</Typography.Text>
        <Form.Item name={[...base, 'enabled']} valuePropName="checked" noStyle>
          <Checkbox>{t('scheme.defineState')}</Checkbox>
        </Form.Item>
        <Form.Item name={[...base, 'combinator']} noStyle>
          <Radio.Group disabled={!enabled} options={[1, 2].map((c) => ({ value: c, label: t(`combinator.${c}`) }))} />
        </Form.Item>
      </Flex>
      <Form.List name={[...base, 'conditions']}>
        {(fields, { add, remove }) => (
          <Flex vertical gap={0}>
            {fields.map((field) => (
              <Flex key={field.key} gap={8} align="start" data-testid="state-condition">
                <Form.Item name={[field.name, 'deviceId']} rules={enabled ? rules.select(t('scheme.conditionDevice')) : []} style={{ flex: 2, marginBottom: 8 }}>
                  <Select disabled={!enabled} showSearch optionFilterProp="label" options={sources} aria-label={t('scheme.conditionDevice')} />
                </Form.Item>
                <Form.Item name={[field.name, 'dataId']} rules={enabled ? rules.select(t('scheme.dataPoint')) : []} style={{ flex: 2, marginBottom: 8 }}>
                  <Select disabled={!enabled} showSearch optionFilterProp="label" options={points} aria-label={t('scheme.dataPoint')} />
                </Form.Item>
                <Form.Item name={[field.name, 'operator']} rules={enabled ? rules.select(t('scheme.operator')) : []} style={{ width: 80, marginBottom: 8 }}>
                  <Select disabled={!enabled} options={OPERATORS.map((c) => ({ value: c, label: COMPARISON_SYMBOLS[c] }))} aria-label={t('scheme.operator')} />
                </Form.Item>
                <Form.Item name={[field.name, 'limit']} rules={enabled ? [...rules.required(t('scheme.limit')), ...rules.decimal6()] : []} style={{ width: 120, marginBottom: 8 }}>
                  <Input disabled={!enabled} placeholder={t('scheme.limit')} aria-label={t('scheme.limit')} />
                </Form.Item>
                <Button icon={<DeleteOutlined />} aria-label={t('scheme.removeCondition')} disabled={!enabled || fields.length <= 1} onClick={() => remove(field.name)} />
              </Flex>
            ))}
            <Button type="dashed" size="small" icon={<PlusOutlined />} disabled={!enabled || fields.length >= MAX_CONDITIONS} onClick={() => add({ deviceId, dataId: 3, operator: 1 })} style={{ alignSelf: 'flex-start' }}>
              {t('scheme.addCondition')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Flex>
  );
}
