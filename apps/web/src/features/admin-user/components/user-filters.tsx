import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { userGroupOptionsQuery, userProjectOptionsQuery, userRoleOptionsQuery, userTenantOptionsQuery } from '../api/options';
import { USER_TYPES } from './user-types';

/** The list's filters; `tenantId` is the shown tenant (the caller's own unless the operator chose another). */
export interface Filters {
  tenantId: number;
  name?: string;
  nicName?: string;
  usertype?: number;
  enabled?: boolean;
  roleId?: number;
  projectId?: number;
  groupId?: number;
}

type FormValues = Omit<Filters, 'enabled'> & { enabled?: 'true' | 'false' };

/** Filter bar: text filters apply on Search (or Enter), choices at once; Reset clears all but the tenant. */
export function UserFilters({ value, operator, ownTenantId, onChange }: { value: Filters; operator: boolean; ownTenantId: number; onChange: (f: Filters) => void }) {
  const { t, i18n } = useTranslation('admin-user');
  const [form] = Form.useForm<FormValues>();
  const english = i18n.language === 'en-US';
  const scope = value.tenantId === ownTenantId ? undefined : value.tenantId;
  const roles = useQuery(userRoleOptionsQuery(scope));
  const groups = useQuery(userGroupOptionsQuery(scope));
  const projects = useQuery(userProjectOptionsQuery(scope, english));
  const tenants = useQuery({ ...userTenantOptionsQuery(english), enabled: operator });

  useEffect(() => {
    form.setFieldsValue({ ...value, enabled: value.enabled === undefined ? undefined : value.enabled ? 'true' : 'false' });
  }, [value, form]);

  const apply = (v: FormValues) => {
    const f: Filters = { tenantId: v.tenantId ?? value.tenantId };
    if (v.name?.trim()) f.name = v.name.trim();
    if (v.nicName?.trim()) f.nicName = v.nicName.trim();
    if (v.usertype !== undefined && v.usertype !== null) f.usertype = v.usertype;
    if (v.enabled) f.enabled = v.enabled === 'true';
    if (v.roleId) f.roleId = v.roleId;
    if (v.projectId) f.projectId = v.projectId;
    if (v.groupId) f.groupId = v.groupId;
    onChange(f);
  };
  const select = (width = 150) => ({ allowClear: true, style: { width }, placeholder: t('any'), showSearch: true, optionFilterProp: 'label' as const });

  return (
    <Form<FormValues> form={form} layout="inline" onFinish={apply} data-testid="user-filters" style={{ rowGap: 8 }}>
      {operator && (
        <Form.Item name="tenantId" label={t('tenant')}>
          <Select
            style={{ width: 170 }}
            data-testid="filter-tenant"
            options={tenants.data ?? []}
            onChange={(tenantId: number) => onChange({ tenantId })}
          />
        </Form.Item>
      )}
      <Form.Item name="name" label={t('name')}>
        <Input allowClear style={{ width: 130 }} data-testid="filter-name" />
      </Form.Item>
      <Form.Item name="nicName" label={t('nicName')}>
        <Input allowClear style={{ width: 130 }} />
      </Form.Item>
      <Form.Item name="usertype" label={t('usertype')}>
        <Select {...select(150)} options={USER_TYPES.map((n) => ({ value: n, label: t(`types.${n}`) }))} />
      </Form.Item>
      <Form.Item name="enabled" label={t('status')}>
        <Select {...select(100)} options={[{ value: 'true', label: t('enabled') }, { value: 'false', label: t('disabled') }]} />
      </Form.Item>
      <Form.Item name="roleId" label={t('roles')}>
        <Select {...select()} options={roles.data ?? []} />
      </Form.Item>
      <Form.Item name="projectId" label={t('projects')}>
        <Select {...select()} options={projects.data ?? []} />
      </Form.Item>
      <Form.Item name="groupId" label={t('groups')}>
        <Select {...select()} options={groups.data ?? []} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="filter-search">
          {t('search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          onClick={() => {
            form.resetFields();
            onChange({ tenantId: value.tenantId });
          }}
        >
          {t('reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
