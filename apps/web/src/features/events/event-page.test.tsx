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
/** what the event query answers */
let rows: EventRecord[];

beforeEach(() => {
  queries = [];
  rows = [EVENT];
  useSession.setState({ token: 'tok', userId: 7, projectId: 3 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith(EVENT_API.query)) {
        queries.push(JSON.parse(String(init?.body)) as EventQueryBody);
        return json({ code: 0, msg: '', data: rows, total: rows.length });
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
  it('lists the page’s events with their level, kind, status and confirm tags, and queries with its log types', async () => {
    renderEvents(<EventPage definition={EVENT_PAGES.energyConsumptionEvent} />, 'zh-CN');
    const table = await screen.findByTestId('event-table');
    await within(table).findByText('A相电压越上限');
    // one severity per event (the class is the header's list, not shown beside the level)
    expect(within(table).getAllByText('告警').length).toBe(1);
    expect(within(table).getByText('A相电压越限')).toBeTruthy();
    expect(within(table).getByText('未确认')).toBeTruthy();
    expect(within(table).getByText('251.50 V')).toBeTruthy();
    expect(queries[0]).toMatchObject({ logTypes: [701, 702, 703, 710], page: { index: 0, limit: 100 } });
  });

  it('says data-ready once the list of its filters is drawn, not before', async () => {
    let answer: (() => void) | undefined;
    const held = new Promise<void>((r) => (answer = r));
    const fake = vi.mocked(fetch);
    const base = fake.getMockImplementation();
    fake.mockImplementation(async (url, init) => {
      if (String(url).startsWith(EVENT_API.query)) await held;
      return base!(url, init);
    });
    renderEvents(<EventPage definition={EVENT_PAGES.demandevent} />);
    const page = await screen.findByTestId('event-page');
    expect(page.getAttribute('data-ready')).toBe('false');
    answer?.();
    await waitFor(() => expect(page.getAttribute('data-ready')).toBe('true'));
    expect(within(screen.getByTestId('event-table')).getByText('A相电压越上限')).toBeTruthy();
  });

  it('a keyword search sends the keyword and starts again at the first page', async () => {
    renderEvents(<EventPage definition={EVENT_PAGES.eventDiagnosis} />);
    await screen.findByText('A相电压越上限');
    fireEvent.change(screen.getByTestId('filter-keyword').querySelector('input') ?? screen.getByTestId('filter-keyword'), { target: { value: ' 进线 ' } });
    fireEvent.click(screen.getByTestId('event-search'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ logTypes: [801, 802, 803, 804], keyword: '进线', page: { index: 0, limit: 100 } }));
  });

  it('batch confirm without a selection warns and opens no dialog', async () => {
    const shown = recordNotices();
    renderEvents(<EventPage definition={EVENT_PAGES.demandevent} />, 'zh-CN');
    await screen.findByText('A相电压越上限');
    fireEvent.click(screen.getByTestId('event-batch-confirm'));
    expect(shown).toContainEqual({ kind: 'warning', text: '至少选中一行数据！' });
    expect(screen.queryByTestId('event-confirm-dialog')).toBeNull();
  });

  // issue 11 defect 6: what a person reads in the row
  it('a loss warning reads its loss rate in %, value and limit, as the loss rate of the metered point (not 15.36 m³ / 5.00 m³)', async () => {
    rows = [{ ...EVENT, id: 12, logType: 706, eventType: 3, dataId: 13, dataName: '累计水量', quantity: 'lossRate', unit: '%', value: 15.36, limit: 5, message: '生活用水 上一小时损耗率 15.4% 超过允许值 5%' }];
    renderEvents(<EventPage definition={EVENT_PAGES.energyLossWarning} />, 'zh-CN');
    const table = await screen.findByTestId('event-table');
    await within(table).findByText('15.36 %');
    expect(within(table).getByText('5.00 %')).toBeTruthy();
    expect(within(table).getByText('累计水量损耗率')).toBeTruthy();
    expect(within(table).getByText('损耗超标')).toBeTruthy();
    expect(within(table).queryByText(/m³/)).toBeNull();
  });

  it('a demand pre-alarm shows one severity, early warning, not 告警 beside 预警; a quota forecast is no 功率越限', async () => {
    rows = [
      { ...EVENT, id: 13, logType: 704, eventClass: 2, eventType: 3, level: 4, dataId: 3, dataName: '有功功率', quantity: 'demand', unit: 'kW', value: 1850, limit: 1800, message: '预测需量' },
      { ...EVENT, id: 14, logType: 701, eventClass: 4, eventType: 3, level: 4, dataId: 1, dataName: '正向有功电能', quantity: null, unit: 'kWh', value: 46_210, limit: 42_000, message: '本月预计用量' },
    ];
    renderEvents(<EventPage definition={EVENT_PAGES.demandevent} />, 'zh-CN');
    const table = await screen.findByTestId('event-table');
    await within(table).findByText('需量预警');
    expect(within(table).getAllByText('预警').length).toBe(2);
    expect(within(table).queryByText('告警')).toBeNull();
    expect(within(table).getByText('能耗定额预测超标')).toBeTruthy();
    expect(within(table).queryByText('功率越限')).toBeNull();
  });

  it('a humidity limit on event diagnosis reads 湿度越限 (not 温度), in %', async () => {
    rows = [{ ...EVENT, id: 15, logType: 804, eventClass: 4, eventType: null, level: 4, dataId: 19, dataName: '湿度', unit: '%', value: 93, limit: 90, message: '变电所湿度高' }];
    renderEvents(<EventPage definition={EVENT_PAGES.eventDiagnosis} />, 'zh-CN');
    const table = await screen.findByTestId('event-table');
    await within(table).findByText('湿度越限');
    expect(within(table).getByText('93.00 %')).toBeTruthy();
    expect(within(table).queryByText('温度')).toBeNull();
  });
});
