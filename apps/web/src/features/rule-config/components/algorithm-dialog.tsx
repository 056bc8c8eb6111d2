import { useEffect } from 'react';
import { Col, Form, Input, Row, Select, Switch, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALGORITHM_KINDS, EVENT_LEVEL, type AlgorithmConfig, type AlgorithmKind } from '@ems/contract';
import { EditDialog, VALIDATE_ON_BLUR, useFormRules } from '../../../widgets';
import { ALGORITHM_API } from '../api/config-api';
import { ALGORITHM_PARAMS, NEW_ALGORITHM, decimalsOf, describeContract, toAlgorithmForm, toAlgorithmInput, type AlgorithmFormValues, type ParamField } from '../algorithm-params';
import { NodeSelect, NodesSelect } from './node-select';
import type { ConfigDialogProps } from './config-dialog';

const NAME_MAX = 50;

function ParamInputFor(props: { field: ParamField; projectId: number; value?: unknown; onChange?: (v: unknown) => void; id?: string }) {
  const { field, projectId, value, onChange, id } = props;
  const { t } = useTranslation('rule-config');
  switch (field.input) {
    case 'node':
      return <NodesSelectSingle projectId={projectId} id={id} value={value as number | undefined} onChange={onChange} />;
    case 'nodes':
      return <NodesSelect projectId={projectId} id={id} value={value as number[] | undefined} onChange={onChange} />;
    case 'indicator':
      return (
        <Select
          allowClear
          id={id}
          value={value as string | undefined}
          onChange={onChange}
          options={(['cop', 'specificPower'] as const).map((v) => ({ value: v, label: t(`indicator.${v}`) }))}
        />
      );
    default:
      return <Input id={id} value={value as string | undefined} onChange={(e) => onChange?.(e.target.value)} placeholder={field.required ? undefined : t('defaultHint')} />;
  }
}

/** One node by id (the efficiency's output device). */
function NodesSelectSingle({ projectId, value, onChange, id }: { projectId: number; value?: number; onChange?: (v: number | undefined) => void; id?: string }) {
  return <NodesSelect projectId={projectId} id={id} value={value === undefined ? [] : [value]} onChange={(ids) => onChange?.(ids.at(-1))} />;
}

/** Create or edit an algorithm: name, kind, node, the kind's parameters, level, enabled. */
export function AlgorithmDialog({ open, projectId, record, onClose, onSaved }: ConfigDialogProps<AlgorithmConfig>) {
  const { t } = useTranslation('rule-config');
  const { t: tw } = useTranslation('widgets');
  const rules = useFormRules();
  const [form] = Form.useForm<AlgorithmFormValues>();
  const kind: AlgorithmKind = Form.useWatch('kind', form) ?? 'demand';
  useEffect(() => {
    if (open) form.setFieldsValue(record ? toAlgorithmForm(record) : NEW_ALGORITHM);
  }, [open, record, form]);
  const save = async () => {
    const values = (await form.validateFields()) as AlgorithmFormValues;
    await ALGORITHM_API.save(projectId, toAlgorithmInput(values, record?.id));
    return true;
  };
  const paramRules = (f: ParamField): FormRule[] => {
    const label = t(`param.${f.name}`);
    const required = f.required ? (f.input === 'decimal' || f.input === 'integer' ? rules.required(label) : rules.select(label)) : [];
    if (f.input === 'decimal') return [...required, ...rules.decimal6()];
    if (f.input === 'integer') return [...required, ...rules.integer()];
    if (f.input === 'decimals') {
      const check = (v: unknown) => {
        if (v === undefined || v === null || String(v).trim() === '') return true;
        const list = decimalsOf(v);
        return list.length >= 1 && list.length <= 5 && list.every((x) => Number.isFinite(x) && x >= 0);
      };
      return [...required, { validator: async (_, v: unknown) => (check(v) ? undefined : Promise.reject(new Error(t('decimalsRule')))) }];
    }
    return required;
  };
  return (
    <EditDialog open={open} title={t(record ? 'form.editAlgorithm' : 'form.addAlgorithm')} onClose={onClose} beforeConfirm={save} onConfirm={onSaved} successMessage={tw('table.saveSucceeded')}>
      <Form form={form} layout="vertical" {...VALIDATE_ON_BLUR} data-testid="algorithm-form">
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="name" label={t('form.name')} required rules={rules.name(NAME_MAX)}>
              <Input data-testid="algorithm-name" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="kind" label={t('form.kind')}>
              <Select options={ALGORITHM_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="node" label={t('form.node')} required rules={rules.select(t('form.node'))}>
              <NodeSelect projectId={projectId} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          {ALGORITHM_PARAMS[kind].map((f) => (
            <Col span={8} key={`${kind}.${f.name}`}>
              <Form.Item name={['params', f.name]} label={t(`param.${f.name}`)} required={f.required} rules={paramRules(f)}>
                <ParamInputFor field={f} projectId={projectId} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        {kind === 'demand' && (
          // which contracted demand applies now (the tariff's or the administrator's), and how to change it
          <Typography.Paragraph type="secondary" data-testid="demand-contract">
            {record?.kind === 'demand' && record.contract ? t('contract.sentence', { text: describeContract(record.contract, t) }) : ''}
            {t('contract.hint')}
          </Typography.Paragraph>
        )}
        <Row gutter={16}>
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
