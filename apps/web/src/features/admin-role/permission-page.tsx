import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Input, Segmented, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { PermissionHolders, PermissionKind } from '@ems/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { permissionHoldersQuery } from './api/roles';
import { TenantChoice } from './components/tenant-choice';

type KindFilter = 'all' | PermissionKind;
const KIND_COLOR: Record<PermissionKind, string> = { page: 'blue', operation: 'green', custom: 'purple' };

/** /admin/permission: the permission catalogue, read-only, with the roles holding each permission. */
export default function PermissionPage() {
  const { t, i18n } = useTranslation('admin-role');
  const english = i18n.language === 'en-US';
  const [tenantId, setTenantId] = useState<number | null>(null);
  const { data = [], isLoading } = useQuery(permissionHoldersQuery(tenantId));
  const [kind, setKind] = useState<KindFilter>('all');
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = data.filter(
    (p) =>
      (kind === 'all' || p.kind === kind) &&
      (needle === '' || [p.name, p.zh, p.en, ...p.roles.map((r) => r.name)].some((s) => s.toLowerCase().includes(needle))),
  );
  const columns: TableColumnsType<PermissionHolders> = [
    { key: 'kind', title: t('kind'), width: 110, render: (_v, p) => <Tag color={KIND_COLOR[p.kind]}>{t(`kinds.${p.kind}`)}</Tag> },
    { key: 'name', title: t('permissionName'), width: 320, render: (_v, p) => <Typography.Text code>{p.name}</Typography.Text> },
    { key: 'description', title: t('description'), render: (_v, p) => (english ? p.en : p.zh) },
    {
      key: 'roles',
      title: t('heldBy'),
      render: (_v, p) =>
        p.roles.length === 0 ? (
          <Typography.Text type="secondary">{t('noRole')}</Typography.Text>
        ) : (
          <Flex gap={4} wrap>
            {p.roles.map((r) => (
              <Tag key={r.id}>{r.name}</Tag>
            ))}
          </Flex>
        ),
    },
  ];
  return (
    <Card data-testid="admin-permission">
      <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }}>
        <Segmented<KindFilter>
          value={kind}
          onChange={setKind}
          options={(['all', 'page', 'operation', 'custom'] as const).map((k) => ({ value: k, label: `${t(`kinds.${k}`)} (${k === 'all' ? data.length : data.filter((p) => p.kind === k).length})` }))}
          data-testid="permission-kind"
        />
        <TenantChoice value={tenantId} onChange={setTenantId} />
        <Input.Search allowClear placeholder={t('permissionSearch')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 320 }} data-testid="permission-search" />
      </Flex>
      <Table<PermissionHolders> rowKey="id" size="small" loading={isLoading} columns={columns} dataSource={shown} pagination={{ pageSize: 50, showSizeChanger: false, showTotal: (n) => t('total', { count: n }) }} />
    </Card>
  );
}
