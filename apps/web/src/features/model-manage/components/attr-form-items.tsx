import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { FormRule } from 'antd';
import type { FieldSpec } from '../form-fields';

export interface RefOption {
  value: number;
  label: string;
}

/** The input element itself (not a wrapper component): Form.Item hands value and onChange to its direct child. */
function fieldInput(field: FieldSpec, refOptions: readonly RefOption[]) {
  const testId = `attr-${field.name}`;
  switch (field.kind) {
    case 'number':
    case 'integer':
      return (
        <InputNumber
          style={{ width: '100%' }}
          min={field.min}
          max={field.max}
          step={field.kind === 'integer' ? 1 : undefined}
          suffix={field.unit || undefined}
          data-testid={testId}
        />
      );
    case 'enum':
      return <Select allowClear={!field.required} options={field.options} data-testid={testId} />;
    case 'ref':
      return <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={[...refOptions]} data-testid={testId} />;
    case 'boolean':
      return <Switch data-testid={testId} />;
    default:
      return <Input maxLength={field.maxLength} data-testid={testId} />;
  }
}

/**
 * The form items of a node: name and code, then one input per model-meta attribute (number inputs
 * with bounds and unit, enum and ref selects, switches, text), required ones marked.
 */
export function AttrFormItems(props: {
  fields: readonly FieldSpec[];
  nameLabel: string;
  codeLabel: string;
  nameRules: FormRule[];
  codeRules: FormRule[];
  /** options of ref fields by referenced label */
  refOptions: Readonly<Record<string, readonly RefOption[]>>;
}) {
  const { fields, refOptions } = props;
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="name" label={props.nameLabel} rules={props.nameRules} required validateFirst>
          <Input data-testid="node-name" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="code" label={props.codeLabel} rules={props.codeRules}>
          <Input data-testid="node-code" />
        </Form.Item>
      </Col>
      {fields.map((f) => (
        <Col span={12} key={f.name}>
          <Form.Item name={f.name} label={f.label} rules={f.rules} required={f.required} {...(f.kind === 'boolean' ? { valuePropName: 'checked' } : {})}>
            {fieldInput(f, f.refLabel ? (refOptions[f.refLabel] ?? []) : [])}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
