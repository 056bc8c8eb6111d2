import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AbnormalRule, AbnormalRuleKind } from '@ems/contract';
import { EditDialog, VALIDATE_ON_BLUR, useFormRules } from '../../../widgets';
import { abnormalOptionsQuery, saveAbnormalRule } from '../api/abnormal-api';
import { NEW_RULE, parseDates, parseRanges, toRuleForm, toRuleInput, type RuleFormValues } from '../rule-form';

export interface RuleDialogProps {
  open: boolean;
  projectId: number;
  kind: AbnormalRuleKind;
  /** the rule edited; null: a new one */
  record: AbnormalRule | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit a rule of one kind: name, meters, the kind's parameters, level, minimum duration, price. */
export function RuleDialog({ open, projectId, kind, record, onClose, onSaved }: RuleDialogProps) {
  const { t } = useTranslation('abnormal');
  const rules = useFormRules();
  const [form] = Form.useForm<RuleFormValues>();
  const baseline = Form.useWatch('baseline', form);
  const baseLoad = Form.useWatch('periodMode', form) === 'baseLoad';
  const options = useQuery(abnormalOptionsQuery(projectId));
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(record ? toRuleForm(record) : NEW_RULE[kind]);
    }
  }, [open, record, kind, form]);
  const save = async () => {
    const values = await form.validateFields();
    await saveAbnormalRule(toRuleInput(projectId, kind, values), record?.id);
    return true;
  };
  const rangesRule = { validator: async (_: unknown, v: string | undefined) => (parseRanges(v) === null ? Promise.reject(new Error(t('rule.badRanges'))) : undefined) };
  const datesRule = { validator: async (_: unknown, v: string | undefined) => (parseDates(v) === null ? Promise.reject(new Error(t('rule.badDates'))) : undefined) };
  const weekdays = t('rule.weekday', { returnObjects: true }) as string[];
  const num = (name: keyof RuleFormValues, label: string, min = 0, extra: object = {}) => (
    <Form.Item name={name} label={label} {...extra}>
      <InputNumber min={min} style={{ width: '100%' }} data-testid={`rule-${name}`} />
    </Form.Item>
  );
  const kindName = t(`kind.${kind}`);
  return (
    <EditDialog open={open} width={760} title={t(record ? 'rule.editTitle' : 'rule.addTitle', { kind: kindName })} onClose={onClose} beforeConfirm={save} onConfirm={onSaved}>
      <Form form={form} layout="vertical" {...VALIDATE_ON_BLUR} data-testid="rule-form" preserve>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={t('rule.name')} required rules={[...rules.required(t('rule.name')), ...rules.length(50)]}>
              <Input data-testid="rule-name" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="level" label={t('rule.level')}>
              <Select options={(['warn', 'alarm'] as const).map((l) => ({ value: l, label: t(`level.${l}`) }))} disabled={kind === 'percent'} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="enabled" label={t('rule.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="meterIds" label={t('rule.meters')} required rules={rules.required(t('rule.meters'))}>
          <Select<number[]>
            mode="multiple"
            data-testid="rule-meters"
            placeholder={t('rule.pickMeters')}
            loading={options.isLoading}
            showSearch
            optionFilterProp="label"
            options={(options.data?.meters ?? []).map((m) => ({ value: m.id, label: m.path ? `${m.name}（${m.path}）` : m.name }))}
          />
        </Form.Item>
        {kind === 'percent' && (
          <>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="baseline" label={t('rule.baseline')}>
                  <Select
                    data-testid="rule-baseline"
                    options={(['weekday', 'regression'] as const).map((b) => ({ value: b, label: t(b === 'weekday' ? 'rule.baselineWeekday' : 'rule.baselineRegression') }))}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Alert type="info" showIcon title={t(baseline === 'regression' ? 'rule.regressionNote' : 'rule.baselineNote')} style={{ marginBottom: 12 }} data-testid="rule-baseline-note" />
            <Row gutter={16}>
              <Col span={6}>{num('warnPct', t('rule.warnPct'))}</Col>
              <Col span={6}>{num('alarmPct', t('rule.alarmPct'))}</Col>
              <Col span={6}>{num('weeks', t('rule.weeks'), 1, { rules: [] })}</Col>
              <Col span={6}>{num('minExcess', t('rule.minExcess'))}</Col>
            </Row>
          </>
        )}
        {kind === 'period' && (
          <>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="periodMode" label={t('rule.periodMode')}>
                  <Select data-testid="rule-periodMode" options={(['limit', 'baseLoad'] as const).map((m) => ({ value: m, label: t(m === 'limit' ? 'rule.byLimit' : 'rule.byBaseLoad') }))} />
                </Form.Item>
              </Col>
              {baseLoad && (
                <Col span={12}>
                  {num('baseLoadRatioPct', t('rule.baseLoadRatioPct'), 1, { required: true, rules: [...rules.required(t('rule.baseLoadRatioPct')), { type: 'number', min: 1, max: 100 }], extra: t('rule.baseLoadHint') })}
                </Col>
              )}
            </Row>
            {!baseLoad && (
              <Row gutter={16}>
                <Col span={12}>
                  <Form.Item name="nights" label={t('rule.nights')} rules={[rangesRule]} extra={t('rule.rangesHint')}>
                    <Input data-testid="rule-nights" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="breaks" label={t('rule.breaks')} rules={[rangesRule]}>
                    <Input />
                  </Form.Item>
                </Col>
              </Row>
            )}
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="weekendDays" label={t('rule.weekendDays')}>
                  <Select<number[]> mode="multiple" options={weekdays.map((w, i) => ({ value: i, label: w }))} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="holidays" label={t('rule.holidays')} rules={[datesRule]} extra={t('rule.holidaysHint')}>
                  <Input />
                </Form.Item>
              </Col>
            </Row>
            {!baseLoad && (
              <Row gutter={16}>
                <Col span={12}>{num('limitPerHour', t('rule.limitPerHour'))}</Col>
                <Col span={12}>{num('limitPerWindow', t('rule.limitPerWindow'))}</Col>
              </Row>
            )}
          </>
        )}
        {kind === 'usage' && (
          <Row gutter={16}>
            <Col span={12}>{num('quota', t('rule.quota'), 0, { required: true, rules: rules.required(t('rule.quota')) })}</Col>
            <Col span={12}>
              <Form.Item name="quotaPeriod" label={t('rule.quotaPeriod')}>
                <Select options={(['month', 'year'] as const).map((p) => ({ value: p, label: t(`rule.${p}`) }))} />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="minDurationMin" label={t('rule.minDuration')}>
              <InputNumber min={15} step={15} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>{num('unitPrice', t('rule.unitPrice'), 0, { extra: t('rule.unitPriceHint') })}</Col>
        </Row>
        <Form.Item name="description" label={t('rule.description')}>
          <Input maxLength={255} />
        </Form.Item>
      </Form>
    </EditDialog>
  );
}
