import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CurrentUser, UserTreeNode } from '@ems/contract';
import { json } from '../../../lib/http/test-helpers';
import { useSession } from '../../../lib/session';
import { renderEvents } from '../test-render';

// issue 13: the inspection order's assignee is picked from the user tree (spec section 7) and leads its instructions
const TREE: UserTreeNode[] = [{ id: 1, name: '示范能源集团', modelLabel: 'usergroup', childUsers: [{ id: 5, name: '厂站运维', modelLabel: 'user', childUsers: [] }] }];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.setState({ user: null });
});

describe('inspection-order assignee (issue 13)', () => {
  it('raising with an assignee chosen from the user tree names them in the instructions', async () => {
    useSession.setState({ token: 'tok', userId: 1, user: { rootUserGroupID: 1 } as CurrentUser });
    vi.stubGlobal('fetch', vi.fn(async () => json({ code: 0, msg: '', data: TREE })));
    const http = await import('../../../lib/http/client');
    const post = vi.spyOn(http.http, 'post').mockResolvedValue({ code: 0, msg: '', data: null } as never);
    const { OrderDialog } = await import('./order-dialog');
    const onDone = vi.fn();
    renderEvents(<OrderDialog action={{ kind: 'raise', eventId: 42 }} onClose={() => undefined} onDone={onDone} />, 'zh-CN');
    const picker = await screen.findByTestId('order-assignee', {}, { timeout: 15_000 });
    fireEvent.mouseDown(picker.querySelector<HTMLElement>('.ant-select-selector') ?? picker);
    fireEvent.click(await screen.findByTitle('厂站运维', {}, { timeout: 15_000 }));
    fireEvent.change(screen.getByTestId('order-comment'), { target: { value: '查风机' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled(), { timeout: 10_000 });
    expect(post).toHaveBeenCalledWith('/eem-service/v1/event/inspectionOrder', { eventId: 42, comment: '指派给：厂站运维。查风机' });
  }, 60_000);
});
