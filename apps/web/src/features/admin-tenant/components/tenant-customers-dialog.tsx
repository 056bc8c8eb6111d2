import { Form, Select, Typography } from 'antd';
import type { TenantInfo } from '@ems/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createSaver } from '../../../lib/http/query';
import { EditDialog } from '../../../widgets/edit-dialog/edit-dialog';
import { setTenantCustomers } from '../api/tenants';

/** The operator's own tenant: never a customer. */
const OPERATOR_TENANT_ID = 1;

/**
 * The tenants a service provider looks after (issue 13): a multi-select of the ordinary tenants (not
 * the operator's, not another provider). The provider's platform users then see their projects.
 */
export function TenantCustomersDialog({ provider, tenants, onClose, onSaved }: { provider: TenantInfo | null; tenants: TenantInfo[]; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation('admin-tenant');
  const english = i18n.language === 'en-US';
  const [form] = Form.useForm<{ tenantIds: number[] }>();
  const saver = useMemo(() => createSaver((ids: number[]) => setTenantCustomers(provider?.id ?? 0, ids)), [provider]);
  const options = tenants
    .filter((x) => x.kind !== 'provider' && x.id !== OPERATOR_TENANT_ID)
    .map((x) => ({ value: x.id, label: `${english && x.enName ? x.enName : x.name}${x.enabled ? '' : ` (${t('disabled')})`}` }));

  useEffect(() => {
    if (provider) form.setFieldsValue({ tenantIds: provider.customerIds ?? [] });
  }, [provider, form]);

  const submit = async () => (await saver.save(form.getFieldValue('tenantIds') ?? [])).status === 'ok';

  const name = provider ? (english && provider.enName ? provider.enName : provider.name) : '';
  return (
    <EditDialog open={provider !== null} width={560} title={t('customersTitle', { name })} beforeConfirm={submit} successMessage={t('common:saveSucceeded')} onConfirm={onSaved} onClose={onClose}>
      <Form form={form} layout="vertical" data-testid="tenant-customers-form">
        <Typography.Paragraph type="secondary">{t('customersHint')}</Typography.Paragraph>
        <Form.Item name="tenantIds" label={t('customers')}>
          <Select mode="multiple" allowClear showSearch optionFilterProp="label" options={options} placeholder={t('customersPlaceholder')} data-testid="tenant-customers-select" />
        </Form.Item>
      </Form>
    </EditDialog>
  );
}
