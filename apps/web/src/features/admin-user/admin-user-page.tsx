import { DeleteOutlined, EditOutlined, KeyOutlined, LogoutOutlined, MoreOutlined, PlusOutlined, PoweroffOutlined, UnlockOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Flex, Space, Table, Tag, type MenuProps, type TableColumnsType } from 'antd';
import type { AdminUser, AdminUserQuery } from '@ems/contract';
import { isRootUser } from '@ems/domain';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidate } from '../../lib/api/define-query';
import { Permission, usePermission } from '../../lib/permission';
import { useSession, userTypeOf } from '../../lib/session';
import { adminUsersQuery, deleteUser, endUserSessions, resetUserPassword, setUserEnabled, unlockUser } from './api/users';
import { OneTimePasswordDialog } from './components/one-time-password-dialog';
import { UserFilters, type Filters } from './components/user-filters';
import { UserFormDialog } from './components/user-form-dialog';
import { OPERATOR_TENANT_ID } from './components/user-types';

const PAGE_SIZE = 20;

/** Users (/admin/user): the tenant's users with filters and paging, create and edit, and the row actions. */
export default function AdminUserPage() {
  const { t, i18n } = useTranslation('admin-user');
  const english = i18n.language === 'en-US';
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const me = useSession((s) => s.user);
  const ownTenantId = me?.tenantId ?? OPERATOR_TENANT_ID;
  const myType = userTypeOf(me);
  const operator = me !== null && me.tenantId === OPERATOR_TENANT_ID && (isRootUser(me) || myType === 1 || myType === 2);
  const [filters, setFilters] = useState<Filters>({ tenantId: ownTenantId });
  const [page, setPage] = useState({ index: 0, limit: PAGE_SIZE });
  const [editing, setEditing] = useState<{ user: AdminUser | null } | null>(null);
  const [otp, setOtp] = useState<{ name: string; password: string } | null>(null);
  const can = usePermission();
  const mayUpdate = can('user_update');
  const mayDelete = can('user_delete');

  const tenantScope = filters.tenantId === ownTenantId ? undefined : filters.tenantId;
  const { tenantId: _t, ...rest } = filters;
  const query: AdminUserQuery = { ...rest, ...(tenantScope === undefined ? {} : { tenantId: tenantScope }), index: page.index, limit: page.limit };
  const { data, isFetching } = useQuery({ ...adminUsersQuery(query), placeholderData: keepPreviousData });
  const refresh = () => invalidate(queryClient, adminUsersQuery);

  /** Asks, runs the action, says what happened and reloads the list; a refusal's message is the client's. */
  const confirmRun = (content: string, run: () => Promise<string | void>, danger = false) =>
    modal.confirm({
      title: t('common:prompt'),
      content,
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger, ...({ 'data-testid': 'user-action-confirm' } as Record<string, string>) },
      onOk: async () => {
        let said: string | void;
        try {
          said = await run();
        } catch {
          return;
        }
        void message.success(said ?? t('common:operationSucceeded'));
        await refresh();
      },
    });

  const actions = (u: AdminUser): MenuProps['items'] => [
    ...(mayUpdate
      ? [
          {
            key: 'reset',
            icon: <KeyOutlined />,
            label: <span data-testid="user-reset-password">{t('resetPassword')}</span>,
            onClick: () =>
              confirmRun(t('resetConfirm', { name: u.name }), async () => {
                const password = await resetUserPassword(u.id, tenantScope);
                setOtp({ name: u.name, password });
              }),
          },
          { key: 'unlock', icon: <UnlockOutlined />, label: <span data-testid="user-unlock">{t('unlock')}</span>, onClick: () => confirmRun(t('unlockConfirm', { name: u.name }), async () => t('unlocked', { count: await unlockUser(u.id, tenantScope) })) },
          {
            key: 'end',
            icon: <LogoutOutlined />,
            label: <span data-testid="user-end-sessions">{t('endSessions')}</span>,
            onClick: () => confirmRun(t('endSessionsConfirm', { name: u.name }), async () => t('sessionsEnded', { count: await endUserSessions(u.id, tenantScope) })),
          },
        ]
      : []),
    ...(mayDelete
      ? [
          {
            key: 'delete',
            danger: true,
            icon: <DeleteOutlined />,
            label: <span data-testid="user-delete">{t('common:delete')}</span>,
            onClick: () => confirmRun(t('deleteConfirm', { name: u.name }), () => deleteUser(u.id, tenantScope), true),
          },
        ]
      : []),
  ];

  /** names joined; the column cuts it with an ellipsis and shows the whole on hover */
  const names = (xs: { name: string }[]): ReactNode => (xs.length === 0 ? '--' : xs.map((x) => x.name).join(', '));

  const columns: TableColumnsType<AdminUser> = [
    { key: 'name', title: t('name'), dataIndex: 'name', fixed: 'left', width: 140 },
    { key: 'nicName', title: t('nicName'), dataIndex: 'nicName', width: 140 },
    { key: 'usertype', title: t('usertype'), width: 150, render: (_v, u) => `${u.usertype} · ${t(`types.${u.usertype}`)}` },
    {
      key: 'status',
      title: t('status'),
      width: 150,
      render: (_v, u) => (
        <Space size={4} wrap data-testid="user-status">
          <Tag color={u.enabled ? 'success' : 'default'}>{u.enabled ? t('enabled') : t('disabled')}</Tag>
          {u.locked && <Tag color="error">{t('locked')}</Tag>}
          {u.mustChangePassword && <Tag color="warning">{t('mustChange')}</Tag>}
        </Space>
      ),
    },
    { key: 'roles', title: t('roles'), width: 160, ellipsis: true, render: (_v, u) => names(u.roles) },
    { key: 'projects', title: t('projects'), width: 200, ellipsis: true, render: (_v, u) => names(u.projects.map((p) => ({ name: english && p.enName ? p.enName : p.name }))) },
    { key: 'groups', title: t('groups'), width: 180, ellipsis: true, render: (_v, u) => names(u.groups) },
    { key: 'email', title: t('email'), width: 180, ellipsis: true, render: (_v, u) => u.email || '--' },
    { key: 'mobilePhone', title: t('mobilePhone'), width: 130, render: (_v, u) => u.mobilePhone || '--' },
    { key: 'createTime', title: t('createTime'), width: 150, render: (_v, u) => (u.createTime > 0 ? dayjs(u.createTime).format('YYYY-MM-DD HH:mm') : '--') },
    {
      key: 'actions',
      title: t('common:actions'),
      fixed: 'right',
      width: 210,
      render: (_v, u) => (
        <Space size={0}>
          <Permission code="user_update">
            <Button type="link" size="small" icon={<EditOutlined />} data-testid="user-edit" onClick={() => setEditing({ user: u })}>
              {t('common:edit')}
            </Button>
            <Button
              type="link"
              size="small"
              danger={u.enabled}
              icon={<PoweroffOutlined />}
              data-testid="user-toggle"
              onClick={() => confirmRun(t(u.enabled ? 'disableConfirm' : 'enableConfirm', { name: u.name }), async () => void (await setUserEnabled(u.id, tenantScope, !u.enabled)), u.enabled)}
            >
              {u.enabled ? t('disable') : t('enable')}
            </Button>
          </Permission>
          {(mayUpdate || mayDelete) && (
            <Dropdown menu={{ items: actions(u) }} trigger={['click']}>
              <Button type="link" size="small" icon={<MoreOutlined />} data-testid="user-more" aria-label={t('more')} />
            </Dropdown>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="admin-user">
      <Flex justify="space-between" align="flex-start" gap={12} style={{ marginBottom: 12 }}>
        <UserFilters
          value={filters}
          operator={operator}
          ownTenantId={ownTenantId}
          onChange={(f) => {
            setFilters(f);
            setPage((p) => ({ ...p, index: 0 }));
          }}
        />
        <Permission code="user_create">
          <Button type="primary" icon={<PlusOutlined />} data-testid="user-create" onClick={() => setEditing({ user: null })}>
            {t('common:create')}
          </Button>
        </Permission>
      </Flex>
      <Table<AdminUser>
        rowKey="id"
        size="small"
        loading={isFetching}
        columns={columns}
        dataSource={data?.list ?? []}
        scroll={{ x: 1700 }}
        pagination={{
          current: page.index + 1,
          pageSize: page.limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('total', { total }),
          onChange: (current, pageSize) => setPage({ index: pageSize === page.limit ? current - 1 : 0, limit: pageSize }),
        }}
      />
      <UserFormDialog
        open={editing !== null}
        user={editing?.user ?? null}
        ownTenantId={ownTenantId}
        tenantId={filters.tenantId}
        operator={operator}
        onClose={() => setEditing(null)}
        onSaved={() => void refresh()}
      />
      <OneTimePasswordDialog shown={otp} onClose={() => setOtp(null)} />
    </Card>
  );
}
