import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { permissionId } from '@ems/contract';
import { useSession } from '../../../lib/session';
import { renderEvents, testUser as user } from '../test-render';

const UPDATE = { id: permissionId('workorder_update') ?? -1, name: 'workorder_update', kind: 'operation' as const, description: '' };

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  vi.restoreAllMocks();
  useSession.setState({ user: null, permissions: [] });
});

describe('inspection-order actions', () => {
  it.each([
    ['no close button without workorder_update (production check)', [], true, false],
    ['a close button with workorder_update on an order page', [UPDATE.id], true, true],
    ['no close button on a page that does not list orders', [UPDATE.id], false, false],
  ])('%s', async (_name, auths, ordersPage, shown) => {
    vi.stubEnv('PROD', true);
    vi.resetModules();
    const { EventToolbar } = await import('./event-toolbar');
    const session = await import('../../../lib/session');
    const { renderEvents: render } = await import('../test-render');
    session.useSession.setState({ user: user(auths), permissions: [UPDATE] });
    const onBatchClose = vi.fn();
    // rendered through the re-imported modules: the setup file's cleanup may not reach this tree, so unmount it here
    const { unmount } = render(<EventToolbar selectedKeys={[7]} onBatchConfirm={() => undefined} onBatchClose={ordersPage ? onBatchClose : undefined} onExport={() => undefined} onRefresh={() => undefined} />);
    const button = screen.queryByTestId('order-batch-close');
    expect(button !== null).toBe(shown);
    if (button) {
      fireEvent.click(button);
      expect(onBatchClose).toHaveBeenCalledWith([7]);
    }
    unmount();
  });

  it('closing asks what was found: an empty comment keeps the dialog open, says so and posts nothing', async () => {
    const http = await import('../../../lib/http/client');
    const post = vi.spyOn(http.http, 'post');
    const { OrderDialog } = await import('./order-dialog');
    renderEvents(<OrderDialog action={{ kind: 'close', ids: [3, 4] }} onClose={() => undefined} />);
    expect(screen.getByText('Close the 2 selected inspection orders')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /OK/ }));
    await waitFor(() => expect(screen.getByText('Say what was found')).toBeTruthy());
    expect(post).not.toHaveBeenCalled();
    expect(screen.getByTestId('order-dialog')).toBeTruthy();
  });

  it('raising posts the event id and the trimmed instructions', async () => {
    const http = await import('../../../lib/http/client');
    const post = vi.spyOn(http.http, 'post').mockResolvedValue({ code: 0, msg: '', data: null } as never);
    const { OrderDialog } = await import('./order-dialog');
    const onDone = vi.fn();
    renderEvents(<OrderDialog action={{ kind: 'raise', eventId: 42 }} onClose={() => undefined} onDone={onDone} />, 'zh-CN');
    fireEvent.change(screen.getByTestId('order-comment'), { target: { value: '  查风机  ' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith('/eem-service/v1/event/inspectionOrder', { eventId: 42, comment: '查风机' });
  });
});
