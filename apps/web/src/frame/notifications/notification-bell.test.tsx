import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { NotificationMessage } from '@ems/contract';
import { i18n } from '../../i18n';
import { englishTexts, recordMessages } from '../../lib/http/test-helpers';
import { ensureNotificationLocales } from './locales';
import type * as NotificationApi from './notification-api';
import { NotificationBell } from './notification-bell';
import { loadUnread, resetNotifications } from './notification-store';
import { targetPath } from './use-open-target';
import type { ProjectInfo } from '@ems/contract';
import { useSession } from '../../lib/session';

// the message centre's query stays real (its dialog is closed here, so it never fetches)
vi.mock('./notification-api', async (importOriginal) => ({ ...(await importOriginal<typeof NotificationApi>()), postRead: vi.fn(async () => undefined) }));

const wire = (id: number, logType: number): NotificationMessage => ({
  id,
  time: 1_700_000_000_000 + id * 1000,
  logType,
  content: JSON.stringify({ message: `event ${id}` }),
  description: '{"eventClass":2}',
  projectId: 1,
});

function Where() {
  const location = useLocation();
  return (
    <span data-testid="where" data-event-id={String((location.state as { eventId?: number } | null)?.eventId ?? '')}>
      {location.pathname}
    </span>
  );
}

function renderBell(path: string) {
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <MemoryRouter initialEntries={[path]}>
            <NotificationBell />
            <Where />
          </MemoryRouter>
        </App>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeAll(async () => {
  await englishTexts();
  ensureNotificationLocales();
});
beforeEach(() => resetNotifications());

describe('log type to target (spec 4)', () => {
  it.each([
    [704, '/demandevent'],
    [705, '/demandevent'],
    [708, '/energyEfficiencyEvent'],
    [709, '/energyEfficiencyEvent'],
    [701, '/energyConsumptionEvent'],
    [702, '/energyConsumptionEvent'],
    [703, '/energyConsumptionEvent'],
    [710, '/energyConsumptionEvent'],
    [711, '/inspectorder'],
    [706, '/energyLossWarning'],
    [707, '/energyLossWarning'],
    [801, '/eventDiagnosis'],
    [999, '/eventDiagnosis'],
  ])('logType %i opens %s', (logType, path) => {
    expect(targetPath(logType)).toBe(path);
  });
});

describe("rule 15: a message's time on its project's clock, the browser in Los Angeles", () => {
  it('1_700_000_001_000 (14 Nov 2023 22:13:21 UTC) reads 2023-11-15 06:13:21 for a Shanghai project', async () => {
    useSession.setState({ projectId: 1, projectInfo: { projectId: 1, timezone: 'Asia/Shanghai' } as ProjectInfo });
    try {
      loadUnread([wire(1, 702)]);
      renderBell('/home');
      fireEvent.click(screen.getByTestId('notification-bell'));
      const list = await screen.findByTestId('notification-list-2');
      expect(within(list).getByTestId('notification-item').textContent).toContain('2023-11-15 06:13:21');
    } finally {
      useSession.setState({ projectId: null, projectInfo: null });
    }
  });
});

describe('header bell (spec 4, 9)', () => {
  it("the badge reads '99+' above 99 and the popover lists at most 20 of a class", async () => {
    loadUnread(Array.from({ length: 105 }, (_, i) => wire(i + 1, 702)));
    renderBell('/home');
    expect(screen.getByTestId('notification-bell').textContent).toContain('99+');
    fireEvent.click(screen.getByTestId('notification-bell'));
    const list = await screen.findByTestId('notification-list-2');
    expect(within(list).getAllByTestId('notification-item')).toHaveLength(20);
    expect(within(list).getByTestId('notification-more').textContent).toBe('Showing the newest 20 of 105');
  });
  it("'read' removes a message from the popover and the count", async () => {
    loadUnread([wire(1, 702), wire(2, 702)]);
    renderBell('/home');
    fireEvent.click(screen.getByTestId('notification-bell'));
    const list = await screen.findByTestId('notification-list-2');
    fireEvent.click(within(list).getAllByTestId('notification-read')[0]!);
    expect(within(list).getAllByTestId('notification-item').map((e) => e.dataset.id)).toEqual(['1']);
    expect(screen.getByTestId('notification-bell').dataset.count).toBe('1');
  });
  it('a click on a message opens its target page', async () => {
    loadUnread([wire(1, 705)]);
    renderBell('/home');
    fireEvent.click(screen.getByTestId('notification-bell'));
    fireEvent.click(await screen.findByText('event 1'));
    expect(screen.getByTestId('where').textContent).toBe('/demandevent');
    expect(screen.getByTestId('where').dataset.eventId).toBe('');
  });
  it("a message naming its event opens the page on that event (state.eventId)", async () => {
    loadUnread([{ ...wire(3, 702), description: '{"eventClass":2,"eventId":41}' }]);
    renderBell('/home');
    fireEvent.click(screen.getByTestId('notification-bell'));
    fireEvent.click(await screen.findByText('event 3'));
    expect(screen.getByTestId('where').textContent).toBe('/energyConsumptionEvent');
    expect(screen.getByTestId('where').dataset.eventId).toBe('41');
  });
  it("opening the current event page says 'already on the current page' (spec 8)", async () => {
    const shown = recordMessages();
    loadUnread([wire(1, 702)]);
    renderBell('/energyConsumptionEvent');
    fireEvent.click(screen.getByTestId('notification-bell'));
    await act(async () => fireEvent.click(await screen.findByText('event 1')));
    expect(shown).toEqual([{ level: 'info', text: 'already on the current page, click refresh to see the latest events', seconds: undefined }]);
    expect(screen.getByTestId('where').textContent).toBe('/energyConsumptionEvent');
  });
});
