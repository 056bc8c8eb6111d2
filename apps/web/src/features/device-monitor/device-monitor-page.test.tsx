import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MODEL_API, MONITOR_API, type MonitorDevices } from '@ems/contract';
import { fakeApi } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import { renderFeaturePage } from '../../widgets/test-utils';
import en from './locales/en-US';
import DeviceMonitorPage from './device-monitor-page';

// fetch is faked (jsdom, no server): the model tree answers at once, the devices when the test lets them.
const NOW = Date.UTC(2025, 4, 3, 8);
const DEVICES: MonitorDevices = {
  now: NOW,
  offlineAfterMs: 900_000,
  devices: [
    { id: 41, modelLabel: 'meter', name: 'spare meter', parentId: 3, online: false, lastTs: null, points: [] },
    {
      id: 40,
      modelLabel: 'meter',
      name: 'incomer 1',
      parentId: 3,
      online: true,
      lastTs: NOW - 60_000,
      points: [
        { dataId: 3, name: 'active power', unit: 'kW', kind: 'instant', value: 123.4, ts: NOW - 60_000, status: 0, upperLimit: null, lowerLimit: null, limitState: 'normal' },
        { dataId: 5, name: 'voltage phase A', unit: 'V', kind: 'instant', value: 251.5, ts: NOW - 60_000, status: 0, upperLimit: 240, lowerLimit: 200, limitState: 'over' },
      ],
    },
  ],
};
let answerDevices: () => void;

const renderPage = () => renderFeaturePage(<DeviceMonitorPage />, 'device-monitor', en);

beforeEach(() => {
  useSession.setState({ token: 'tok', userId: 7, projectId: 3 });
  fakeApi(async (url) => {
    if (url.startsWith(MONITOR_API.devices)) {
      await new Promise<void>((ok) => (answerDevices = ok));
      return DEVICES;
    }
    if (url.startsWith(MODEL_API.query)) return [{ id: 3, modelLabel: 'project', name: 'demo factory', children: [] }];
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null, projectId: null });
});

describe('device monitor page (issue 3 §4)', () => {
  it('data-ready is false until the devices answer, then true with the cards drawn: online first, values with units, the over-limit value marked', async () => {
    renderPage();
    const page = screen.getByTestId('device-monitor');
    expect(page.getAttribute('data-ready')).toBe('false');
    await waitFor(() => expect(answerDevices).toBeTypeOf('function'));
    answerDevices();
    await waitFor(() => expect(page.getAttribute('data-ready')).toBe('true'));
    const cards = screen.getAllByTestId('monitor-device');
    expect(cards.map((c) => c.getAttribute('data-device-id'))).toEqual(['40', '41']);
    expect(within(cards[0]!).getByTestId('monitor-online').textContent).toBe('Online');
    const [power, voltage] = within(cards[0]!).getAllByTestId('monitor-point');
    expect(power?.textContent).toContain('123.40 kW');
    expect(voltage?.getAttribute('data-limit')).toBe('over');
    expect(within(voltage!).getByTitle(en.limit.over).textContent).toBe('251.50 V');
    expect(within(cards[1]!).getByText(en.noReading)).toBeTruthy();
    expect(screen.getByTestId('monitor-summary').textContent).toBe('2 devices, 1 online');
  });
});
