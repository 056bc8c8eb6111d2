import { Form, Input, Radio } from 'antd';
import type { TenantCreateBody, TenantInfo } from '@ems/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createSaver } from '../../../lib/http/query';
import { EditDialog } from '../../../widgets/edit-dialog/edit-dialog';
import { VALIDATE_ON_BLUR, trimValues, useFormRules } from '../../../widgets/form-rules';
import { createTenant, renameTenant } from '../api/tenants';

/** Create a tenant (with its root user group; an ordinary tenant or a service provider) or rename one; `tenant` null means create. */
export function TenantFormDialog({ open, tenant, onClose, onSaved }: { open: boolean; tenant: TenantInfo | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('admin-tenant');
  const { t: tw } = useTranslation('widgets');
  const rules = useFormRules();
  const [form] = Form.useForm<TenantCreateBody>();
  const saver = useMemo(() => createSaver((body: TenantCreateBody) => (tenant ? renameTenant(tenant.id, { name: body.name, enName: body.enName ?? '' }) : createTenant(body))), [tenant]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (tenant) form.setFieldsValue({ name: tenant.name, enName: tenant.enName });
  }, [open, tenant, form]);

  const submit = async () => {
    let values: TenantCreateBody;
    try {
      values = trimValues(await form.validateFields());
    } catch {
      return false;
    }
    const body: TenantCreateBody = tenant ? { name: values.name, enName: values.enName ?? '' } : { name: values.name, enName: values.enName ?? '', kind: values.kind ?? 'tenant' };
    return (await saver.save(body)).status === 'ok';
  };

  return (
    <EditDialog open={open} width={520} title={tenant ? t('renameTitle') : t('createTitle')} beforeConfirm={submit} successMessage={t('common:saveSucceeded')} onConfirm={onSaved} onClose={onClose}>
      <Form form={form} layout="vertical" {...VALIDATE_ON_BLUR} initialValues={{ kind: 'tenant' }} data-testid="tenant-form">
        <Form.Item name="name" label={t('name')} rules={[...rules.required(t('name')), ...rules.name(50)]} required>
          <Input data-testid="tenant-name" />
        </Form.Item>
        <Form.Item name="enName" label={t('enName')} rules={[{ max: 100, message: tw('validation.lengthRange', { max: 100 }) }]}>
          <Input data-testid="tenant-en-name" />
        </Form.Item>
        {tenant ? null : (
          <Form.Item name="kind" label={t('kind')} extra={t('kindHint')}>
            <Radio.Group data-testid="tenant-kind">
              <Radio value="tenant">{t('kinds.tenant')}</Radio>
              <Radio value="provider" data-testid="tenant-kind-provider">
                {t('kinds.provider')}
              </Radio>
            </Radio.Group>
          </Form.Item>
        )}
      </Form>
    </EditDialog>
  );
}
