import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { EQUIPMENT_STATUS_API, type EquipmentScheme, type StateEnergy } from '@ems/contract';
import { fakeApi } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import { renderFeaturePage } from '../../widgets/test-utils';
import type * as Widgets from '../../widgets';
import en from './locales/en-US';
import StateEnergyPage from './state-energy-page';

// jsdom has no canvas: the chart is a placeholder holding its option (the option builder has its own test)
vi.mock('../../widgets', async (orig) => ({
  ...(await orig<typeof Widgets>()),
  EChart: ({ option }: { option: { series?: { name: string }[] } }) => <div data-testid="echart">{(option.series ?? []).map((s) => s.name).join(',')}</div>,
}));

const SCHEME: EquipmentScheme = { id: 5, projectId: 3, name: 'Compressors', description: '', updateTime: 0, devices: [{ deviceId: 40, deviceName: 'AC1 meter', expressions: [] }] };
const per = (running: number, standby: number, stopped: number, unknown: number) => ({ running, standby, stopped, unknown });
const FIG = { hours: per(16, 4, 28, 0), kwh: per(1696, 128, 22.4, 0), meteredKwh: 1846.4, wasteKwh: 150.4, wasteYuan: 88.32, unpricedKwh: 0 };
const ENERGY: StateEnergy = {
  schemeId: 5,
  timezone: 'Asia/Shanghai',
  from: 0,
  to: 2 * 86_400_000,
  until: 2 * 86_400_000,
  bucket: 'day',
  priced: true,
  totals: FIG,
  devices: [{ deviceId: 40, deviceName: 'AC1 meter', ...FIG }],
  buckets: [
    { start: 0, hours: per(8, 2, 14, 0), kwh: per(848, 64, 11.2, 0), wasteYuan: 44.16 },
    { start: 86_400_000, hours: per(8, 2, 14, 0), kwh: per(848, 64, 11.2, 0), wasteYuan: 44.16 },
  ],
};
let energy: StateEnergy = ENERGY;
const bodies: Record<string, unknown>[] = [];

const renderPage = () => renderFeaturePage(<StateEnergyPage />, 'equipment-status', en);

beforeEach(() => {
  energy = ENERGY;
  bodies.length = 0;
  useSession.setState({ token: 'tok', userId: 7, projectId: 3 });
  fakeApi((url, body) => {
    if (url.startsWith(EQUIPMENT_STATUS_API.schemes)) return [SCHEME];
    if (url.startsWith(EQUIPMENT_STATUS_API.energy)) {
      bodies.push(body);
      return energy;
    }
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null, projectId: null });
});

describe('consumption by equipment state', () => {
  it('asks for the first programme over the month; draws hours and kWh per state, the waste in ¥ and the device row; then data-ready', async () => {
    renderPage();
    const page = await screen.findByTestId('state-energy-page');
    await waitFor(() => expect(page.getAttribute('data-ready')).toBe('true'));
    expect(bodies[0]).toMatchObject({ projectId: 3, schemeId: 5 });
    expect(screen.getByTestId('kpi-hours-running').textContent).toContain('16');
    expect(screen.getByTestId('kpi-kwh-standby').textContent).toBe('128.0 kWh');
    expect(screen.getByTestId('kpi-waste').textContent).toContain('88.32');
    expect(screen.getByTestId('kpi-waste-kwh').textContent).toBe('Standby + stopped 150.4 kWh, 8.1% of the total');
    const table = screen.getByTestId('device-table');
    expect(within(table).getByText('AC1 meter')).toBeTruthy();
    expect(within(table).getByText('Total')).toBeTruthy();
    expect(within(table).getAllByText('1,846.4')).toHaveLength(2);
    expect(within(table).getAllByText('88.32')).toHaveLength(2);
    expect(screen.getByTestId('echart').textContent).toBe('Running,Standby,Stopped,Unknown');
  }, 60_000);

  it('without a tariff the cost reads -- and says why', async () => {
    energy = { ...ENERGY, priced: false };
    renderPage();
    await waitFor(() => expect(screen.getByTestId('state-energy-page').getAttribute('data-ready')).toBe('true'));
    expect(screen.getByTestId('kpi-waste').textContent).toContain('--');
    expect(screen.getByTestId('kpi-waste-kwh').textContent).toBe('The project has no time-of-use tariff: the cost cannot be priced');
  }, 60_000);
});
