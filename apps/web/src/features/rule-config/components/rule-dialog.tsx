import { useEffect } from 'react';
import { Col, Form, Input, Radio, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { EVENT_LEVEL, type RuleConfig } from '@ems/contract';
import { EditDialog, VALIDATE_ON_BLUR, useFormRules } from '../../../widgets';
import { RULE_API } from '../api/config-api';
import { COMBINATOR_CODES, NEW_RULE, toRuleForm, toRuleInput, type RuleFormValues } from '../conditions';
import { ConditionsEditor } from './conditions-editor';
import type { ConfigDialogProps } from './config-dialog';
import { NodeSelect } from './node-select';

/** Longest rule name (spec section 5 length rule 1 to 50). */
const NAME_MAX = 50;

/**
 * Create or edit a limit rule: name, device node, conditions with a combinator, duration, hysteresis, level, enabled.
 * The event type and where the events are listed follow the data point (the server's): not chosen here.
 */
export function RuleDialog({ open, projectId, record, onClose, onSaved }: ConfigDialogProps<RuleConfig>) {
  const { t } = useTranslation('rule-config');
  const { t: tw } = useTranslation('widgets');
  const rules = useFormRules();
  const [form] = Form.useForm<RuleFormValues>();
  const node = Form.useWatch('node', form) ?? null;
  useEffect(() => {
    if (open) form.setFieldsValue(record ? toRuleForm(record) : NEW_RULE);
  }, [open, record, form]);
  const save = async () => {
    const values = (await form.validateFields()) as RuleFormValues;
    await RULE_API.save(projectId, toRuleInput(values, record?.id));
    return true;
  };
  return (
    <EditDialog
      open={open}
      title={t(record ? 'form.editRule' : 'form.addRule')}
      onClose={onClose}
      beforeConfirm={save}
      onConfirm={onSaved}
      successMessage={tw('table.saveSucceeded')}
    >
      <Form form={form} layout="vertical" {...VALIDATE_ON_BLUR} data-testid="rule-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={t('form.name')} required rules={rules.name(NAME_MAX)}>
              <Input data-testid="rule-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="node" label={t('form.node')} required rules={rules.select(t('form.node'))}>
              <NodeSelect projectId={projectId} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('form.conditions')} required>
          <ConditionsEditor projectId={projectId} node={node} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="combinator" label={t('form.combinator')}>
              <Radio.Group options={COMBINATOR_CODES.map((c) => ({ value: c, label: t(`combinator.${c}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="minDurationSec" label={t('form.minDurationSec')} rules={[...rules.required(t('form.minDurationSec')), ...rules.integer()]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="hysteresis" label={t('form.hysteresis')} rules={[...rules.required(t('form.hysteresis')), ...rules.decimal6()]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="level" label={t('form.level')}>
              <Select options={Object.values(EVENT_LEVEL).map((v) => ({ value: v, label: t(`level.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label={t('form.description')}>
          <Input.TextArea rows={2} maxLength={255} />
        </Form.Item>
      </Form>
    </EditDialog>
  );
}
