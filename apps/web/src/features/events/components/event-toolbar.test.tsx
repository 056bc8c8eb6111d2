import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { permissionId } from '@ems/contract';
import { useSession } from '../../../lib/session';
import { recordNotices } from '../../../widgets/test-utils';
import { renderEvents, testUser as user } from '../test-render';

const EVENT_CONFIRM = { id: permissionId('event_confirm') ?? -1, name: 'event_confirm', kind: 'operation' as const, description: '' };

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  useSession.setState({ user: null, permissions: [] });
});

describe('event toolbar', () => {
  it('batch confirm with no selection warns 至少选中一行数据！ (spec section 5) and confirms nothing', async () => {
    const { EventToolbar } = await import('./event-toolbar');
    const shown = recordNotices();
    const onBatchConfirm = vi.fn();
    renderEvents(<EventToolbar selectedKeys={[]} onBatchConfirm={onBatchConfirm} onExport={() => undefined} onRefresh={() => undefined} />, 'zh-CN');
    fireEvent.click(screen.getByTestId('event-batch-confirm'));
    expect(shown).toEqual([{ kind: 'warning', text: '至少选中一行数据！' }]);
    expect(onBatchConfirm).not.toHaveBeenCalled();
  });

  it('with a selection it hands the keys on', async () => {
    const { EventToolbar } = await import('./event-toolbar');
    const shown = recordNotices();
    const onBatchConfirm = vi.fn();
    renderEvents(<EventToolbar selectedKeys={[3, 4]} onBatchConfirm={onBatchConfirm} onExport={() => undefined} onRefresh={() => undefined} />);
    fireEvent.click(screen.getByTestId('event-batch-confirm'));
    expect(onBatchConfirm).toHaveBeenCalledWith([3, 4]);
    expect(shown).toEqual([]);
  });

  it.each([
    ['removes the batch confirm button without event_confirm (production check)', [], false],
    ['shows it with event_confirm', [EVENT_CONFIRM.id], true],
  ])('%s', async (_name, auths, shown) => {
    vi.stubEnv('PROD', true);
    vi.resetModules();
    const { EventToolbar } = await import('./event-toolbar');
    const session = await import('../../../lib/session');
    const { renderEvents: render } = await import('../test-render');
    session.useSession.setState({ user: user(auths), permissions: [EVENT_CONFIRM] });
    // rendered through the re-imported modules: the setup file's cleanup may not reach this tree, so unmount it here
    const { unmount } = render(<EventToolbar selectedKeys={[]} onBatchConfirm={() => undefined} onExport={() => undefined} onRefresh={() => undefined} />);
    expect(screen.queryByTestId('event-batch-confirm') !== null).toBe(shown);
    expect(screen.getByTestId('event-export')).toBeTruthy();
    unmount();
  });
});
