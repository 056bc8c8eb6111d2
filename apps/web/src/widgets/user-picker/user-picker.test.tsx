import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_SYSTEM_CONFIG, type CurrentUser, type UserTreeNode } from '@ems/contract';
import { getSystemConfig, setSystemConfig } from '../../lib/config';
import { json } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import { renderWidget } from '../test-utils';
import { UserPicker } from './user-picker';

const TREE: UserTreeNode[] = [
  {
    id: 7,
    name: 'Tenant',
    modelLabel: 'usergroup',
    childUsers: [{ id: 8, name: 'Shift A', modelLabel: 'usergroup', childUsers: [{ id: 5, name: 'Operator', modelLabel: 'user', childUsers: [] }] }],
  },
];

let urls: string[];
let reply: () => Response;
const saved = getSystemConfig();
beforeEach(() => {
  urls = [];
  reply = () => json({ code: 0, msg: '', data: TREE });
  useSession.setState({ token: 'tok', userId: 1, user: { rootUserGroupID: 7 } as CurrentUser });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return reply();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  setSystemConfig(saved);
  useSession.setState({ token: null, userId: null, user: null });
});

const renderPicker = (onChange = vi.fn()) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWidget(
    <QueryClientProvider client={client}>
      <UserPicker placeholder="Choose" onChange={onChange} />
    </QueryClientProvider>,
  );
  return onChange;
};

describe('UserPicker (spec section 7 user tree)', () => {
  it('reads the cloud tree from the root group and picks a user (groups are not choosable)', async () => {
    setSystemConfig({ ...DEFAULT_SYSTEM_CONFIG, key: '' });
    const onChange = renderPicker();
    const picker = await screen.findByTestId('user-picker', {}, { timeout: 10_000 });
    expect(urls[0]).toBe('/eem-service/v1/auth/cloud/user/tree/7');
    fireEvent.mouseDown(picker.querySelector<HTMLElement>('.ant-select-selector') ?? picker);
    fireEvent.click(await screen.findByTitle('Shift A', {}, { timeout: 10_000 }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTitle('Operator', {}, { timeout: 10_000 }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(5, 'Operator'));
  }, 60_000);

  it('reads /auth/v1/usergroup/{rootUserGroupID} when the configuration key is oil; left out when the tree is refused', async () => {
    setSystemConfig({ ...DEFAULT_SYSTEM_CONFIG, key: 'oil' });
    reply = () => json({ code: 404, msg: 'no operation permission', data: null }, 404);
    renderPicker();
    await waitFor(() => expect(urls).toEqual(['/auth/v1/usergroup/7']), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('user-picker')).toBeNull();
  }, 60_000);
});
