import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EVENT_API, MODEL_API, type EventQueryBody, type EventRecord } from '@ems/contract';
import { json } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import { recordNotices } from '../../widgets/test-utils';
import { EVENT_PAGES } from './definitions';
import { EventPage } from './event-page';
import { renderEvents } from './test-render';

// fetch is faked (jsdom, no server): each path answers from the handlers below; bodies are recorded.
const EVENT: EventRecord = {
  id: 11,
  projectId: 3,
  logType: 702,
  eventClass: 2,
  eventType: 2,
  level: 2,
  status: 0,
  confirmState: 1,
  nodeId: 40,
  modelLabel: 'meter',
  nodeName: '1#进线柜',
  dataId: 5,
  dataName: 'A相电压',
  unit: 'V',
  value: 251.5,
  limit: 240,
  startTime: new Date(2025, 4, 3, 8).getTime(),
  endTime: null,
  message: 'A相电压越上限',
  ruleId: 1,
  algorithmId: null,
  deviceId: 40,
  confirmUser: null,
  confirmTime: null,
  confirmComment: null,
};
let queries: EventQueryBody[];

beforeEach(() => {
  queries = [];
  useSession.setState({ token: 'tok', userId: 7, projectId: 3 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith(EVENT_API.query)) {
        queries.push(JSON.parse(String(init?.body)) as EventQueryBody);
        return json({ code: 0, msg: '', data: [EVENT], total: 1 });
      }
      if (url.startsWith(MODEL_API.query)) return json({ code: 0, msg: '', data: [{ id: 3, modelLabel: 'project', name: '华东示范工厂', children: [] }] });
      return json({ code: 0, msg: '', data: [] });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null, projectId: null });
});

describe('generic event page', () => {
  it('lists the page’s events with class, level, status and confirm tags, and queries with its log types', async () => {
    renderEvents(<EventPage definition={EVENT_PAGES.energyConsumptionEvent} />, 'zh-CN');
    const table = await screen.findByTestId('event-table');
    await within(table).findByText('A相电压越上限');
    expect(within(table).getAllByText('告警').length).toBe(2);
    expect(within(table).getByText('未确认')).toBeTruthy();
    expect(within(table).getByText('251.50 V')).toBeTruthy();
    expect(queries[0]).toMatchObject({ logTypes: [701, 702, 703, 710], page: { index: 0, limit: 100 } });
  });

  it('a keyword search sends the keyword and starts again at the first page', async () => {
    renderEvents(<EventPage definition={EVENT_PAGES.eventDiagnosis} />);
    await screen.findByText('A相电压越上限');
    fireEvent.change(screen.getByTestId('filter-keyword').querySelector('input') ?? screen.getByTestId('filter-keyword'), { target: { value: ' 进线 ' } });
    fireEvent.click(screen.getByTestId('event-search'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ logTypes: [801, 802, 803], keyword: '进线', page: { index: 0, limit: 100 } }));
  });

  it('batch confirm without a selection warns and opens no dialog', async () => {
    const shown = recordNotices();
    renderEvents(<EventPage definition={EVENT_PAGES.demandevent} />, 'zh-CN');
    await screen.findByText('A相电压越上限');
    fireEvent.click(screen.getByTestId('event-batch-confirm'));
    expect(shown).toContainEqual({ kind: 'warning', text: '至少选中一行数据！' });
    expect(screen.queryByTestId('event-confirm-dialog')).toBeNull();
  });
});
