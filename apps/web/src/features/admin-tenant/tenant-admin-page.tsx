import { EditOutlined, PlusOutlined, PoweroffOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Input, List, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { TenantInfo, TenantProject } from '@ems/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidate } from '../../lib/api/define-query';
import { Permission } from '../../lib/permission';
import { useFormatTime } from '../../lib/time';
import { setTenantEnabled, tenantProjectsQuery, tenantsQuery } from './api/tenants';
import { TenantCustomersDialog } from './components/tenant-customers-dialog';
import { TenantFormDialog } from './components/tenant-form-dialog';
import { TenantProjectDialog } from './components/tenant-project-dialog';

/** The operator's own tenant: never disabled. */
const OPERATOR_TENANT_ID = 1;

/**
 * Tenants (/admin/tenant, platform operator only): list, create (an ordinary tenant or a service provider),
 * rename, enable/disable, each tenant's projects with their members, and the tenants a provider looks after.
 */
export default function TenantAdminPage() {
  const { t, i18n } = useTranslation('admin-tenant');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { data = [], isLoading } = useQuery(tenantsQuery());
  const [editing, setEditing] = useState<{ tenant: TenantInfo | null } | null>(null);
  const [projectFor, setProjectFor] = useState<number | null>(null);
  const [customersOf, setCustomersOf] = useState<TenantInfo | null>(null);
  const [search, setSearch] = useState('');
  const english = i18n.language === 'en-US';
  // platform level: the default zone (HOUSE-STYLE rule 15)
  const format = useFormatTime();
  const refresh = () => invalidate(queryClient, tenantsQuery, tenantProjectsQuery);

  const toggle = (tenant: TenantInfo) => {
    const enabled = !tenant.enabled;
    modal.confirm({
      title: t('common:prompt'),
      content: t(enabled ? 'enableConfirm' : 'disableConfirm', { name: tenant.name }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: !enabled },
      onOk: async () => {
        try {
          await setTenantEnabled(tenant.id, enabled);
        } catch {
          return; // the client has shown the server's msg
        }
        void message.success(t('common:operationSucceeded'));
        await refresh();
      },
    });
  };

  const shown = data.filter((x) => search.trim() === '' || `${x.name} ${x.enName}`.toLowerCase().includes(search.trim().toLowerCase()));
  const columns: TableColumnsType<TenantInfo> = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'name', title: t('name'), render: (_v, x) => (english && x.enName ? x.enName : x.name) },
    { key: 'enName', title: t('enName'), render: (_v, x) => x.enName || '--' },
    {
      key: 'kind',
      title: t('kind'),
      width: 110,
      render: (_v, x) => (
        <Tag color={x.kind === 'provider' ? 'purple' : 'blue'} data-testid="tenant-kind-tag">
          {t(`kinds.${x.kind}`)}
        </Tag>
      ),
    },
    {
      key: 'status',
      title: t('status'),
      width: 110,
      render: (_v, x) => <Tag color={x.enabled ? 'success' : 'default'}>{x.enabled ? t('enabled') : t('disabled')}</Tag>,
    },
    { key: 'projectCount', title: t('projectCount'), dataIndex: 'projectCount', align: 'right', width: 90 },
    { key: 'userCount', title: t('userCount'), dataIndex: 'userCount', align: 'right', width: 90 },
    { key: 'createTime', title: t('createTime'), width: 170, render: (_v, x) => format(x.createTime) },
    {
      key: 'actions',
      title: t('common:actions'),
      width: 300,
      render: (_v, x) => (
        <Space size={0}>
          <Permission code="tenant_update">
            <Button type="link" size="small" icon={<EditOutlined />} data-testid="tenant-rename" onClick={() => setEditing({ tenant: x })}>
              {t('rename')}
            </Button>
          </Permission>
          <Permission code="tenant_disable">
            <Tooltip title={x.id === OPERATOR_TENANT_ID ? t('operatorTenant') : undefined}>
              <Button
                type="link"
                size="small"
                danger={x.enabled}
                icon={<PoweroffOutlined />}
                disabled={x.id === OPERATOR_TENANT_ID}
                data-testid="tenant-toggle"
                onClick={() => toggle(x)}
              >
                {x.enabled ? t('disable') : t('enable')}
              </Button>
            </Tooltip>
          </Permission>
          {x.kind === 'provider' ? (
            <Permission code="tenant_update">
              <Button type="link" size="small" icon={<TeamOutlined />} data-testid="tenant-customers" onClick={() => setCustomersOf(x)}>
                {t('customers')}
              </Button>
            </Permission>
          ) : null}
          <Permission code="project_create">
            <Button type="link" size="small" icon={<PlusOutlined />} data-testid="tenant-add-project" onClick={() => setProjectFor(x.id)}>
              {t('addProject')}
            </Button>
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="tenant-admin">
      <Flex justify="space-between" align="center" gap={12} style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('search')} style={{ width: 260 }} value={search} onChange={(e) => setSearch(e.target.value)} data-testid="tenant-search" />
        <Permission code="tenant_create">
          <Button type="primary" icon={<PlusOutlined />} data-testid="tenant-create" onClick={() => setEditing({ tenant: null })}>
            {t('common:create')}
          </Button>
        </Permission>
      </Flex>
      <Table<TenantInfo>
        rowKey="id"
        size="small"
        loading={isLoading}
        columns={columns}
        dataSource={shown}
        pagination={false}
        expandable={{
          expandedRowRender: (x) => (
            <Flex vertical gap={8}>
              {x.kind === 'provider' ? <ProviderCustomers provider={x} tenants={data} /> : null}
              <TenantProjects tenantId={x.id} />
            </Flex>
          ),
          rowExpandable: () => true,
        }}
        rowClassName={(x) => (x.enabled ? '' : 'tenant-disabled')}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('serviceProviderNote')}
      </Typography.Paragraph>
      <TenantCustomersDialog provider={customersOf} tenants={data} onClose={() => setCustomersOf(null)} onSaved={() => void refresh()} />
      <TenantFormDialog open={editing !== null} tenant={editing?.tenant ?? null} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
      <TenantProjectDialog tenantId={projectFor} onClose={() => setProjectFor(null)} onSaved={() => void refresh()} />
    </Card>
  );
}

/** A service provider's customers: the tenants whose projects its platform users look after. */
function ProviderCustomers({ provider, tenants }: { provider: TenantInfo; tenants: TenantInfo[] }) {
  const { t, i18n } = useTranslation('admin-tenant');
  const english = i18n.language === 'en-US';
  const ids = provider.customerIds ?? [];
  return (
    <Flex wrap gap={4} align="center" data-testid={`tenant-customers-${provider.id}`}>
      <Typography.Text type="secondary">{t('customers')}:</Typography.Text>
      {ids.length === 0 ? <Typography.Text type="secondary">{t('noCustomers')}</Typography.Text> : null}
      {ids.map((id) => {
        const c = tenants.find((x) => x.id === id);
        const label = c ? (english && c.enName ? c.enName : c.name) : `#${id}`;
        return (
          <Tag key={id} color={c?.enabled === false ? 'default' : 'geekblue'} style={c?.enabled === false ? { textDecoration: 'line-through' } : undefined}>
            {label}
          </Tag>
        );
      })}
    </Flex>
  );
}

/** A tenant's projects, each with its members (platform users of the tenant and users assigned to it). */
function TenantProjects({ tenantId }: { tenantId: number }) {
  const { t, i18n } = useTranslation('admin-tenant');
  const { data, isLoading, error } = useQuery(tenantProjectsQuery(tenantId));
  const english = i18n.language === 'en-US';
  if (error) return <Alert type="error" showIcon message={error.message} />;
  if (!isLoading && (data ?? []).length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noProjects')} />;
  return (
    <List<TenantProject>
      size="small"
      loading={isLoading}
      dataSource={data ?? []}
      data-testid={`tenant-projects-${tenantId}`}
      renderItem={(p) => (
        <List.Item>
          <Flex vertical gap={4} style={{ width: '100%' }}>
            <Typography.Text strong>
              {english && p.enName ? p.enName : p.name}
              {p.code ? <Typography.Text type="secondary">{` (${p.code})`}</Typography.Text> : null}
            </Typography.Text>
            <Flex wrap gap={4} align="center">
              <Typography.Text type="secondary">{t('members')}:</Typography.Text>
              {p.members.length === 0 ? <Typography.Text type="secondary">--</Typography.Text> : null}
              {p.members.map((m) => (
                <Tooltip key={m.id} title={t(`via.${m.via}`)}>
                  <Tag color={m.via === 'platform' ? 'blue' : 'green'} style={m.enabled ? undefined : { textDecoration: 'line-through' }}>
                    {m.nicName || m.name}
                  </Tag>
                </Tooltip>
              ))}
            </Flex>
          </Flex>
        </List.Item>
      )}
    />
  );
}

