import { TreeSelect } from 'antd';
import type { MailSchemeOptions } from '@ems/contract';

interface Node {
  value: string;
  title: string;
  disabled?: boolean;
  children: Node[];
}

/** The user tree: the tenant's groups with the project's users under their (first) group; users in no group at the top. Empty groups are left out. */
export function userTree(options: Pick<MailSchemeOptions, 'users' | 'groups'>): Node[] {
  const groupIds = new Set(options.groups.map((g) => g.id));
  const user = (u: MailSchemeOptions['users'][number]): Node => ({ value: `u${u.id}`, title: `${u.nicName || u.name}${u.email ? ` <${u.email}>` : ''}`, disabled: !u.email, children: [] });
  const group = (id: number, name: string): Node | null => {
    const children = [
      ...options.groups.filter((g) => g.parentId === id).flatMap((g) => group(g.id, g.name) ?? []),
      ...options.users.filter((u) => u.groupId === id).map(user),
    ];
    return children.length ? { value: `g${id}`, title: name, children } : null;
  };
  const roots = options.groups.filter((g) => g.parentId === null || !groupIds.has(g.parentId)).flatMap((g) => group(g.id, g.name) ?? []);
  return [...roots, ...options.users.filter((u) => u.groupId === null || !groupIds.has(u.groupId)).map(user)];
}

export interface UserTreePickerProps {
  options: Pick<MailSchemeOptions, 'users' | 'groups'> | undefined;
  value?: number[];
  onChange?: (ids: number[]) => void;
  'data-testid'?: string;
}

/** Picks users from the user tree; checking a group picks its users (the value holds user ids only). */
export function UserTreePicker({ options, value, onChange, ...rest }: UserTreePickerProps) {
  return (
    <TreeSelect<string[]>
      {...rest}
      multiple
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_CHILD}
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      showSearch
      maxTagCount="responsive"
      treeData={options ? userTree(options) : []}
      value={(value ?? []).map((id) => `u${id}`)}
      onChange={(keys) => onChange?.(keys.filter((k) => k.startsWith('u')).map((k) => Number(k.slice(1))))}
    />
  );
}
