import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { UserTreeNode } from '@ems/contract';
import { userTreeQuery } from '../../lib/api/user-tree';
import { getSystemConfig } from '../../lib/config';
import { useSession } from '../../lib/session';

export interface UserPickerProps {
  value?: number | null;
  /** the chosen user's id and display name (null when cleared) */
  onChange?: (userId: number | null, name: string | null) => void;
  placeholder?: string;
  disabled?: boolean;
  style?: React.CSSProperties;
  'data-testid'?: string;
}

interface Option {
  value: string;
  title: string;
  selectable: boolean;
  children: Option[];
}

/** Group and user ids are separate sequences: keys carry the kind. */
const keyOf = (n: UserTreeNode) => `${n.modelLabel === 'user' ? 'u' : 'g'}${n.id}`;

function toOptions(nodes: readonly UserTreeNode[]): Option[] {
  return nodes.map((n) => ({ value: keyOf(n), title: n.name, selectable: n.modelLabel === 'user', children: toOptions(n.childUsers) }));
}

function findName(nodes: readonly UserTreeNode[], key: string): string | null {
  for (const n of nodes) {
    if (keyOf(n) === key) return n.name;
    const inner = findName(n.childUsers, key);
    if (inner !== null) return inner;
  }
  return null;
}

/**
 * Picks one user of the tenant from the user tree (groups with their users, spec section 7: the
 * `oil` configuration reads `/auth/v1/usergroup/{rootUserGroupID}`, any other the cloud tree). A
 * caller who may not read the tree gets nothing: the picker is left out.
 */
export function UserPicker({ value, onChange, placeholder, disabled, style, ...rest }: UserPickerProps) {
  const root = useSession((s) => s.user?.rootUserGroupID ?? 0);
  const configKey = getSystemConfig().key;
  const { data } = useQuery(userTreeQuery(configKey, root));
  const options = useMemo(() => toOptions(data ?? []), [data]);
  if (!data) return null;
  return (
    <TreeSelect
      data-testid={rest['data-testid'] ?? 'user-picker'}
      style={{ width: '100%', ...style }}
      treeData={options}
      value={value === null || value === undefined ? undefined : `u${value}`}
      placeholder={placeholder}
      disabled={disabled}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      onChange={(key: string | undefined) => {
        if (!key) onChange?.(null, null);
        else onChange?.(Number(key.slice(1)), findName(data, key));
      }}
    />
  );
}
