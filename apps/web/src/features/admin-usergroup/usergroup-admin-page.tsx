import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Col, Empty, Flex, Input, Row, Select, Space, Table, Tag, Tree, Typography, type TableColumnsType, type TreeProps } from 'antd';
import type { UserGroupContents, UserGroupInfo, UserGroupUser } from '@ems/contract';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidate } from '../../lib/api/define-query';
import { ApiError } from '../../lib/http/client';
import { Permission, usePermission } from '../../lib/permission';
import { deleteGroup, groupTenantsQuery, groupTreeQuery, setGroupMembers, updateGroup } from './api/groups';
import { GroupFormDialog, type GroupEdit } from './components/group-form-dialog';
import { MembersDialog } from './components/members-dialog';
import { buildGroupTree, subtreeIds, type GroupNode } from './group-tree';

type TreeData = NonNullable<TreeProps['treeData']>;

/** User groups (/admin/usergroup): the tenant's group tree on the left, the chosen group's members on the right. */
export default function UserGroupAdminPage() {
  const { t } = useTranslation('admin-usergroup');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  // the platform operator may look after another tenant's groups (the choice shows only for them)
  const { data: tenants = [] } = useQuery(groupTenantsQuery());
  const [tenantId, setTenantId] = useState<number | null>(null);
  const { data, isLoading } = useQuery(groupTreeQuery(tenantId));
  const groups = useMemo(() => data?.groups ?? [], [data]);
  const users = useMemo(() => data?.users ?? [], [data]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [edit, setEdit] = useState<GroupEdit>(null);
  const [membersOf, setMembersOf] = useState<UserGroupInfo | null>(null);
  const [search, setSearch] = useState('');
  const may = usePermission();
  const mayMove = may('usergroup_update');
  const refresh = () => invalidate(queryClient, groupTreeQuery);
  const selected = groups.find((g) => g.id === selectedId) ?? groups[0] ?? null;

  const treeData = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const toNode = (n: GroupNode): TreeData[number] => ({
      key: n.id,
      title: (
        <span data-testid={`group-node-${n.id}`}>
          {needle && n.name.toLowerCase().includes(needle) ? <Typography.Text mark>{n.name}</Typography.Text> : n.name}{' '}
          <Badge count={n.memberCount} showZero color="gray" size="small" />
        </span>
      ),
      children: n.children.map(toNode),
    });
    return buildGroupTree(groups).map(toNode);
  }, [groups, search]);

  const move = async (id: number, parentId: number) => {
    const g = groups.find((x) => x.id === id);
    if (!g || g.parentId === null || g.parentId === parentId || subtreeIds(groups, id).has(parentId)) return;
    try {
      await updateGroup(id, { name: g.name, parentId });
    } catch {
      return;
    }
    void message.success(t('common:operationSucceeded'));
    await refresh();
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragId = Number(info.dragNode.key);
    const dropId = Number(info.node.key);
    const target = groups.find((g) => g.id === dropId);
    if (!target) return;
    // onto a node: below it; into a gap: beside it (its parent)
    const parentId = info.dropToGap ? target.parentId : target.id;
    if (parentId !== null) void move(dragId, parentId);
  };

  const remove = (g: UserGroupInfo) => {
    const run = async (force: boolean) => {
      try {
        await deleteGroup(g.id, force);
      } catch (err) {
        if (!force && err instanceof ApiError && err.status === 409 && err.data) return askForce(err.data as UserGroupContents);
        return;
      }
      void message.success(t('common:deleteSucceeded'));
      if (selectedId === g.id) setSelectedId(null);
      await refresh();
    };
    const names = (list: { name: string }[]) => (list.length === 0 ? t('none') : list.map((x) => x.name).join('、'));
    const askForce = (held: UserGroupContents) =>
      modal.confirm({
        title: t('common:prompt'),
        content: <span data-testid="group-force-confirm">{t('forceConfirm', { name: g.name, groups: names(held.groups), users: names(held.users) })}</span>,
        okText: t('common:ok'),
        cancelText: t('common:cancel'),
        okButtonProps: { danger: true },
        onOk: () => run(true),
      });
    modal.confirm({
      title: t('common:prompt'),
      content: t('deleteConfirm', { name: g.name }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true },
      onOk: () => run(false),
      onCancel: () => void message.info(t('common:deleteCancelled')),
    });
  };

  const removeMember = (g: UserGroupInfo, u: UserGroupUser) =>
    modal.confirm({
      title: t('common:prompt'),
      content: t('removeConfirm', { name: u.nicName || u.name }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await setGroupMembers(
            g.id,
            g.memberIds.filter((id) => id !== u.id),
          );
        } catch {
          return;
        }
        void message.success(t('common:operationSucceeded'));
        await refresh();
      },
    });

  const members = selected ? users.filter((u) => selected.memberIds.includes(u.id)) : [];
  const columns: TableColumnsType<UserGroupUser> = [
    { key: 'name', title: t('userName'), dataIndex: 'name' },
    { key: 'nicName', title: t('nicName'), render: (_v, u) => u.nicName || '--' },
    { key: 'usertype', title: t('userType'), render: (_v, u) => t(`usertype.${u.usertype}`, { defaultValue: String(u.usertype) }) },
    { key: 'status', title: t('status'), render: (_v, u) => <Tag color={u.enabled ? 'success' : 'default'}>{u.enabled ? t('enabled') : t('disabled')}</Tag> },
    {
      key: 'actions',
      title: t('common:actions'),
      width: 100,
      render: (_v, u) => (
        <Permission code="usergroup_update">
          <Button type="link" size="small" danger data-testid="member-remove" onClick={() => selected && removeMember(selected, u)}>
            {t('remove')}
          </Button>
        </Permission>
      ),
    },
  ];

  const isRoot = selected?.parentId === null;
  return (
    <Row gutter={12} data-testid="usergroup-admin" style={{ minHeight: '100%' }}>
      <Col xs={24} md={9} xl={7}>
        <Card
          size="small"
          title={
            <Space>
              <TeamOutlined />
              {t('groups')}
            </Space>
          }
          style={{ height: '100%' }}
        >
          <Flex wrap gap={4} style={{ marginBottom: 8 }}>
            <Permission code="usergroup_create">
              <Button size="small" icon={<PlusOutlined />} disabled={!selected} data-testid="group-create" onClick={() => selected && setEdit({ kind: 'create', parent: selected })}>
                {t('addSub')}
              </Button>
            </Permission>
            <Permission code="usergroup_update">
              <Button size="small" icon={<EditOutlined />} disabled={!selected} data-testid="group-edit" onClick={() => selected && setEdit({ kind: 'edit', group: selected })}>
                {t('rename')}
              </Button>
            </Permission>
            <Permission code="usergroup_delete">
              <Button size="small" danger icon={<DeleteOutlined />} disabled={!selected || isRoot} title={isRoot ? t('rootFixed') : undefined} data-testid="group-delete" onClick={() => selected && remove(selected)}>
                {t('delete')}
              </Button>
            </Permission>
          </Flex>
          {tenants.length > 1 && (
            <Select
              size="small"
              data-testid="group-tenant"
              style={{ width: '100%', marginBottom: 8 }}
              value={data?.tenantId}
              options={tenants.map((x) => ({ value: x.id, label: x.name }))}
              onChange={(v: number) => {
                setTenantId(v);
                setSelectedId(null);
              }}
            />
          )}
          <Input.Search allowClear size="small" placeholder={t('search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ marginBottom: 8 }} />
          {groups.length > 0 && (
            <Tree
              data-testid="group-tree"
              blockNode
              defaultExpandAll
              draggable={mayMove ? { icon: false, nodeDraggable: (n) => groups.find((g) => g.id === Number(n.key))?.parentId !== null } : false}
              treeData={treeData}
              selectedKeys={selected ? [selected.id] : []}
              onSelect={(keys: Key[]) => keys[0] !== undefined && setSelectedId(Number(keys[0]))}
              onDrop={onDrop}
            />
          )}
          {mayMove && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('dragHint')}
            </Typography.Text>
          )}
        </Card>
      </Col>
      <Col xs={24} md={15} xl={17}>
        <Card
          size="small"
          title={selected ? `${selected.name} · ${t('members')} (${t('count', { count: members.length })})` : t('members')}
          extra={
            selected && (
              <Permission code="usergroup_update">
                <Button type="primary" size="small" icon={<UserAddOutlined />} data-testid="members-add" onClick={() => setMembersOf(selected)}>
                  {t('addMembers')}
                </Button>
              </Permission>
            )
          }
          style={{ height: '100%' }}
        >
          {selected ? (
            <Table<UserGroupUser> rowKey="id" size="small" loading={isLoading} columns={columns} dataSource={members} pagination={false} data-testid="members-table" />
          ) : (
            <Empty description={t('selectGroup')} />
          )}
        </Card>
      </Col>
      <GroupFormDialog edit={edit} groups={groups} onClose={() => setEdit(null)} onSaved={() => void refresh()} />
      <MembersDialog group={membersOf} users={users} onClose={() => setMembersOf(null)} onSaved={() => void refresh()} />
    </Row>
  );
}
