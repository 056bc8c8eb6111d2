import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { CurrentUser } from '@ems/contract';
import { useSession } from '../../lib/session';
import { renderWidget } from '../test-utils';
import { PermissionTabs } from './permission-tabs';

const user = (auths: number[]): CurrentUser => ({
  id: 5,
  name: 'operator',
  nicName: 'operator',
  email: '',
  mobilePhone: '',
  tenantId: 1,
  customConfig: '{"usertype":4}',
  roles: [{ id: 1, name: 'r', customConfig: '{}', pageNodes: [], auths }],
  modelNodes: [],
  relativeUserGroup: [],
  rootUserGroupID: 1,
});
const permissions = [
  { id: 101400, name: 'project_browse', kind: 'operation' as const, description: '' },
  { id: 101401, name: 'project_update', kind: 'operation' as const, description: '' },
];
const items = [
  { key: 'info', label: 'Info', children: 'info pane', permission: 'project_browse' },
  { key: 'edit', label: 'Edit', children: 'edit pane', permission: 'project_update' },
  { key: 'about', label: 'About', children: 'about pane' },
];

afterEach(() => useSession.setState({ user: null, permissions: [] }));

describe('spec 6: a tab container hides a pane that fails a permission check', () => {
  it('hides the tab and pane of a permission the user lacks, keeps unguarded ones', () => {
    useSession.setState({ user: user([101400]), permissions });
    renderWidget(<PermissionTabs isProduction items={items} />);
    expect(screen.getByRole('tab', { name: 'Info' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'About' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Edit' })).toBeNull();
  });

  it('shows the first visible pane when the requested active pane is hidden', () => {
    useSession.setState({ user: user([101400]), permissions });
    renderWidget(<PermissionTabs isProduction items={items} activeKey="edit" />);
    expect(screen.getByText('info pane')).toBeTruthy();
    expect(screen.queryByText('edit pane')).toBeNull();
  });

  it('shows the no-access state when no pane is visible', () => {
    useSession.setState({ user: user([]), permissions });
    renderWidget(<PermissionTabs isProduction items={items.slice(0, 2)} />);
    expect(screen.queryByRole('tab')).toBeNull();
    expect(document.querySelector('svg')).not.toBeNull();
  });
});
