import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@ems/contract';
import { Permission } from './permission';
import { useSession } from './session';

const user = (auths: number[]): CurrentUser => ({
  id: 5,
  name: 'u',
  nicName: 'n',
  email: '',
  mobilePhone: '',
  tenantId: 1,
  customConfig: '{"usertype":4}',
  roles: [{ id: 1, name: 'r', customConfig: '{}', pageNodes: [], auths }],
  modelNodes: [],
  relativeUserGroup: [],
  rootUserGroupID: 1,
});

afterEach(() => useSession.setState({ user: null, permissions: [] }));

describe('<Permission> removes guarded elements (spec 5)', () => {
  it.each([
    ['keeps the element when the permission is held', [101402], true],
    ['removes the element when the permission is not held', [], false],
  ])('%s', (_n, auths, shown) => {
    useSession.setState({ user: user(auths), permissions: [{ id: 101402, name: 'project_create', kind: 'operation', description: '' }] });
    render(
      <Permission code="project_create" isProduction>
        <button>create</button>
      </Permission>,
    );
    expect(screen.queryByText('create') !== null).toBe(shown);
  });
  it('checking is inactive outside production', () => {
    useSession.setState({ user: user([]), permissions: [] });
    render(
      <Permission code="project_create" isProduction={false}>
        <button>create</button>
      </Permission>,
    );
    expect(screen.getByText('create')).toBeTruthy();
  });
});
