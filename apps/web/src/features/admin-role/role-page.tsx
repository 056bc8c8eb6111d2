import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Input, Modal, type ButtonProps } from 'antd';
import type { AdminRole } from '@ems/contract';
import { isRootUser } from '@ems/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidate } from '../../lib/api/define-query';
import { usePermission } from '../../lib/permission';
import { useSession } from '../../lib/session';
import { adminRolesQuery, copyRole, createRole, deleteRole, fetchRoleUsers, permissionHoldersQuery, updateRole } from './api/roles';
import { RoleEditor } from './components/role-editor';
import { RoleList } from './components/role-list';
import { TenantChoice } from './components/tenant-choice';
import { bodyOf, draftOf, isDirty, type RoleDraft } from './role-draft';

/** /admin/role: the tenant's roles on the left, the selected role's editor on the right. */
export default function RolePage() {
  const { t } = useTranslation('admin-role');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const may = usePermission();
  const user = useSession((s) => s.user);
  const [tenantId, setTenantId] = useState<number | null>(null);
  const { data: roles = [], isLoading } = useQuery(adminRolesQuery(tenantId));
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  const [draft, setDraft] = useState<RoleDraft>(() => draftOf(null));
  const [saving, setSaving] = useState(false);
  const [copying, setCopying] = useState<{ role: AdminRole; name: string } | null>(null);
  const role = typeof selected === 'number' ? (roles.find((r) => r.id === selected) ?? null) : null;
  const saved = useMemo(() => draftOf(role), [role]);
  const dirty = selected !== null && isDirty(draft, saved);
  const ownRole = role !== null && user !== null && !isRootUser(user) && user.roles.some((r) => r.id === role.id);

  useEffect(() => {
    const first = roles[0];
    if (selected === null && first) {
      setSelected(first.id);
      setDraft(draftOf(first));
    }
  }, [roles, selected]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const refresh = () => invalidate(queryClient, adminRolesQuery, permissionHoldersQuery);
  const guard = (go: () => void) => {
    if (!dirty) return go();
    modal.confirm({ title: t('discardTitle'), content: t('discardContent'), okText: t('discard'), cancelText: t('keepEditing'), onOk: go });
  };
  const show = (r: AdminRole | null, id: number | 'new' | null) => {
    setSelected(id);
    setDraft(draftOf(r));
  };

  const save = async () => {
    setSaving(true);
    try {
      const result = selected === 'new' ? await createRole({ ...bodyOf(draft), ...(tenantId === null ? {} : { tenantId }) }) : await updateRole(selected as number, bodyOf(draft));
      queryClient.setQueryData<AdminRole[]>(adminRolesQuery.key(tenantId), (list = []) => (list.some((r) => r.id === result.id) ? list.map((r) => (r.id === result.id ? result : r)) : [...list, result]));
      show(result, result.id);
      void message.success(t('common:saveSucceeded'));
      await refresh();
    } catch {
      // the client has shown the server's msg
    } finally {
      setSaving(false);
    }
  };

  const remove = async (r: AdminRole) => {
    const users = r.userCount > 0 ? await fetchRoleUsers(r.id).catch(() => null) : [];
    if (users === null) return;
    modal.confirm({
      title: t('deleteTitle', { name: r.name }),
      content: users.length > 0 ? <div data-testid="role-delete-users">{t('deleteInUse', { count: users.length, users: users.map((u) => (u.nicName && u.nicName !== u.name ? `${u.nicName} (${u.name})` : u.name)).join(', ') })}</div> : t('common:confirmDelete'),
      okText: t('common:delete'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true, 'data-testid': 'role-delete-ok' } as ButtonProps,
      onOk: async () => {
        try {
          await deleteRole(r.id, users.length > 0);
        } catch {
          return;
        }
        void message.success(t('common:deleteSucceeded'));
        if (selected === r.id) show(null, null);
        await refresh();
      },
    });
  };

  const copy = async () => {
    if (!copying) return;
    try {
      const result = await copyRole(copying.role.id, copying.name.trim());
      setCopying(null);
      void message.success(t('copied', { name: result.name }));
      await refresh();
      guard(() => show(result, result.id));
    } catch {
      // shown by the client
    }
  };

  return (
    <Flex gap={12} align="stretch" data-testid="admin-role" style={{ minHeight: '100%' }}>
      <div style={{ flex: '0 0 300px', minWidth: 0 }}>
        <RoleList
          roles={roles}
          loading={isLoading}
          selectedId={selected}
          onSelect={(id) => id !== selected && guard(() => show(roles.find((r) => r.id === id) ?? null, id))}
          onCreate={() => guard(() => show(null, 'new'))}
          onCopy={(r) => setCopying({ role: r, name: t('copyName', { name: r.name }) })}
          onDelete={(r) => void remove(r)}
          tenantChoice={
            <TenantChoice
              value={tenantId}
              onChange={(id) =>
                guard(() => {
                  setTenantId(id);
                  show(null, null);
                })
              }
            />
          }
        />
      </div>
      <div style={{ flex: '1 1 0', minWidth: 0 }}>
        <RoleEditor
          mode={selected === null ? null : selected === 'new' ? 'new' : 'edit'}
          draft={draft}
          dirty={dirty || selected === 'new'}
          saving={saving}
          ownRole={ownRole}
          maySave={may(selected === 'new' ? 'role_create' : 'role_update')}
          userCount={role?.userCount ?? 0}
          onChange={setDraft}
          onSave={() => void save()}
          onCancel={() => (selected === 'new' ? show(roles[0] ?? null, roles[0]?.id ?? null) : setDraft(saved))}
        />
      </div>
      <Modal
        open={copying !== null}
        title={t('copyTitle', { name: copying?.role.name ?? '' })}
        okText={t('common:ok')}
        cancelText={t('common:cancel')}
        okButtonProps={{ disabled: !copying?.name.trim(), 'data-testid': 'role-copy-ok' } as ButtonProps}
        onOk={() => void copy()}
        onCancel={() => setCopying(null)}
        destroyOnHidden
      >
        <Input value={copying?.name ?? ''} maxLength={50} onChange={(e) => setCopying((c) => (c ? { ...c, name: e.target.value } : c))} data-testid="role-copy-name" />
      </Modal>
    </Flex>
  );
}
