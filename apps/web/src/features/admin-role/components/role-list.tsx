import { CopyOutlined, DeleteOutlined, PlusOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, List, Space, Tooltip, Typography, theme } from 'antd';
import type { AdminRole } from '@ems/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../lib/permission';

export interface RoleListProps {
  roles: readonly AdminRole[];
  loading: boolean;
  selectedId: number | 'new' | null;
  onSelect: (id: number) => void;
  onCreate: () => void;
  onCopy: (role: AdminRole) => void;
  onDelete: (role: AdminRole) => void;
  /** the platform operator's tenant choice (nothing for anyone else) */
  tenantChoice?: ReactNode;
}

/** The tenant's roles with search, create, copy and delete. */
export function RoleList({ roles, loading, selectedId, onSelect, onCreate, onCopy, onDelete, tenantChoice }: RoleListProps) {
  const { t } = useTranslation('admin-role');
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const shown = roles.filter((r) => r.name.toLowerCase().includes(search.trim().toLowerCase()));
  return (
    <Card
      title={t('roles')}
      data-testid="role-list"
      styles={{ body: { padding: 12 } }}
      extra={
        <Permission code="role_create">
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={onCreate} data-testid="role-create">
            {t('common:create')}
          </Button>
        </Permission>
      }
    >
      {tenantChoice && <div style={{ marginBottom: 8 }}>{tenantChoice}</div>}
      <Input allowClear prefix={<SearchOutlined />} placeholder={t('search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ marginBottom: 8 }} data-testid="role-search" />
      <List<AdminRole>
        loading={loading}
        dataSource={shown}
        size="small"
        renderItem={(r) => {
          const selected = r.id === selectedId;
          return (
            <List.Item
              data-testid={`role-item-${r.name}`}
              onClick={() => onSelect(r.id)}
              style={{ cursor: 'pointer', paddingInline: 8, borderRadius: token.borderRadius, background: selected ? token.controlItemBgActive : undefined }}
              actions={[
                <Permission key="copy" code="role_create">
                  <Tooltip title={t('copy')}>
                    <Button type="text" size="small" icon={<CopyOutlined />} aria-label={t('copy')} data-testid="role-copy" onClick={(e) => (e.stopPropagation(), onCopy(r))} />
                  </Tooltip>
                </Permission>,
                <Permission key="delete" code="role_delete">
                  <Tooltip title={t('common:delete')}>
                    <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('common:delete')} data-testid="role-delete" onClick={(e) => (e.stopPropagation(), onDelete(r))} />
                  </Tooltip>
                </Permission>,
              ]}
            >
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text strong={selected} ellipsis>
                  {r.name}
                </Typography.Text>
                <Space size={4} style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
                  <TeamOutlined />
                  {t('holders', { count: r.userCount })}
                </Space>
              </Flex>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
