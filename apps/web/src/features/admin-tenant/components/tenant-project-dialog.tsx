import { Form, Input, InputNumber } from 'antd';
import type { ProjectBody } from '@ems/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createSaver } from '../../../lib/http/query';
import { EditDialog } from '../../../widgets/edit-dialog/edit-dialog';
import { VALIDATE_ON_BLUR, trimValues, useFormRules } from '../../../widgets/form-rules';
import { createTenantProject } from '../api/tenants';

/** A first project of another tenant (name and capacity; the rest is edited on /cloudProjectConfig by the tenant). */
export function TenantProjectDialog({ tenantId, onClose, onSaved }: { tenantId: number | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('admin-tenant');
  const rules = useFormRules();
  const [form] = Form.useForm<{ name: string; capacityKva: number }>();
  const saver = useMemo(() => createSaver((body: ProjectBody) => createTenantProject(tenantId ?? 0, body)), [tenantId]);
  useEffect(() => {
    if (tenantId !== null) form.resetFields();
  }, [tenantId, form]);
  const submit = async () => {
    let values: { name: string; capacityKva: number };
    try {
      values = trimValues(await form.validateFields());
    } catch {
      return false;
    }
    return (await saver.save({ name: values.name, capacityKva: Number(values.capacityKva ?? 0) })).status === 'ok';
  };
  return (
    <EditDialog open={tenantId !== null} width={520} title={t('addProject')} beforeConfirm={submit} successMessage={t('common:saveSucceeded')} onConfirm={onSaved} onClose={onClose}>
      <Form form={form} layout="vertical" {...VALIDATE_ON_BLUR} initialValues={{ capacityKva: 0 }} data-testid="tenant-project-form">
        <Form.Item name="name" label={t('projectName')} rules={[...rules.required(t('projectName')), ...rules.name(50)]} required>
          <Input data-testid="tenant-project-name" />
        </Form.Item>
        <Form.Item name="capacityKva" label={t('capacityKva')}>
          <InputNumber min={0} max={999999999} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </EditDialog>
  );
}
