import type { Key } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserGroupInfo, UserGroupUser } from '@ems/contract';
import { EditDialog } from '../../../widgets/edit-dialog/edit-dialog';
import { TransferPanel } from '../../../widgets/transfer-panel/transfer-panel';
import { setGroupMembers } from '../api/groups';

/** Chooses the group's members among the tenant's users (a transfer list). */
export function MembersDialog({ group, users, onClose, onSaved }: { group: UserGroupInfo | null; users: UserGroupUser[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('admin-usergroup');
  const [keys, setKeys] = useState<Key[]>([]);
  useEffect(() => setKeys(group ? group.memberIds.map(String) : []), [group]);
  const items = useMemo(() => users.map((u) => ({ key: String(u.id), title: u.nicName ? `${u.nicName} (${u.name})` : u.name, description: u.name })), [users]);
  const submit = async () => {
    if (!group) return false;
    try {
      await setGroupMembers(group.id, keys.map(Number));
      return true;
    } catch {
      return false;
    }
  };
  return (
    <EditDialog open={group !== null} width={720} title={t('membersTitle', { name: group?.name ?? '' })} beforeConfirm={submit} successMessage={t('common:saveSucceeded')} onConfirm={onSaved} onClose={onClose}>
      <div data-testid="members-dialog">
        <TransferPanel dataSource={items} targetKeys={keys} onChange={setKeys} />
      </div>
    </EditDialog>
  );
}
