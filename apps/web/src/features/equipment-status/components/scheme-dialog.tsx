import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Divider, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EquipmentScheme } from '@ems/contract';
import { EditDialog, VALIDATE_ON_BLUR, useFormRules } from '../../../widgets';
import { saveScheme, statusOptionsQuery } from '../api/get-schemes';
import { NEW_SCHEME, STATES, newDeviceForm, toSchemeForm, toSchemeInput, type SchemeFormValues } from '../scheme-form';
import { StateConditions } from './state-conditions';

export interface SchemeDialogProps {
  open: boolean;
  projectId: number;
  /** the programme edited; null: a new one */
  record: EquipmentScheme | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit a programme: name, description, the devices, and per device the running / standby / stopped expressions. */
export function SchemeDialog({ open, projectId, record, onClose, onSaved }: SchemeDialogProps) {
  const { t } = useTranslation('equipment-status');
  const rules = useFormRules();
  const [form] = Form.useForm<SchemeFormValues>();
  const options = useQuery(statusOptionsQuery(projectId));
  const deviceIds = (Form.useWatch('deviceIds', form) as number[] | undefined) ?? [];
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(record ? toSchemeForm(record) : NEW_SCHEME);
    }
  }, [open, record, form]);
  const onDevices = (ids: number[]) => {
    for (const id of ids) if (!form.getFieldValue(['devices', String(id)])) form.setFieldValue(['devices', String(id)], newDeviceForm(id));
  };
  const save = async () => {
    const values = (await form.validateFields()) as SchemeFormValues;
    await saveScheme(toSchemeInput(projectId, { ...values, devices: { ...form.getFieldValue('devices'), ...values.devices } }), record?.id);
    return true;
  };
  const names = new Map((options.data?.devices ?? []).map((d) => [d.id, d.name]));
  return (
    <EditDialog open={open} title={t(record ? 'scheme.editTitle' : 'scheme.addTitle')} onClose={onClose} beforeConfirm={save} onConfirm={onSaved}>
      <Form form={form} layout="vertical" {...VALIDATE_ON_BLUR} data-testid="scheme-form" preserve>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={t('scheme.name')} required rules={rules.name(50)}>
              <Input data-testid="scheme-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="description" label={t('scheme.description')}>
              <Input maxLength={255} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="deviceIds" label={t('scheme.devices')} required rules={rules.select(t('scheme.devices'))}>
          <Select<number[]>
            mode="multiple"
            data-testid="scheme-devices"
            placeholder={t('scheme.pickDevices')}
            loading={options.isLoading}
            showSearch
            optionFilterProp="label"
            options={(options.data?.devices ?? []).map((d) => ({ value: d.id, label: d.path ? `${d.name}（${d.path}）` : d.name }))}
            onChange={onDevices}
          />
        </Form.Item>
        <Alert type="info" showIcon title={t('scheme.precedence')} style={{ marginBottom: 12 }} />
        {options.data &&
          deviceIds.map((id) => (
            <Card key={id} size="small" title={names.get(id) ?? String(id)} style={{ marginBottom: 12 }} data-testid="scheme-device-card">
              {STATES.map((s, i) => (
                <div key={s}>
                  {i > 0 && <Divider style={{ margin: '8px 0' }} />}
                  <StateConditions deviceId={id} state={s} options={options.data} />
                </div>
              ))}
            </Card>
          ))}
      </Form>
    </EditDialog>
  );
}
