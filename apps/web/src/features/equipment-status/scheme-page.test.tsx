import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EQUIPMENT_STATUS_API, type EquipmentScheme, type EquipmentStatusOptions } from '@ems/contract';
import { fakeApi } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import { renderFeaturePage } from '../../widgets/test-utils';
import en from './locales/en-US';
import SchemePage from './scheme-page';

const cond = (operator: number, limit: number) => ({ deviceId: 40, deviceName: 'AC1 meter', dataId: 3, dataName: 'active power', unit: 'kW', operator, limit });
let schemes: EquipmentScheme[] = [];
const OPTIONS: EquipmentStatusOptions = { devices: [{ id: 40, name: 'AC1 meter', path: 'Plant/Air' }], sources: [{ id: 40, name: 'AC1 meter', modelLabel: 'meter' }], dataPoints: [{ dataId: 3, name: 'active power', unit: 'kW' }] };
const calls: { url: string; method: string }[] = [];

const renderPage = () => renderFeaturePage(<SchemePage />, 'equipment-status', en);

beforeEach(() => {
  schemes = [
    {
      id: 5,
      projectId: 3,
      name: 'Compressors',
      description: 'by mean power',
      updateTime: Date.UTC(2025, 2, 10, 2, 30),
      devices: [{ deviceId: 40, deviceName: 'AC1 meter', expressions: [{ state: 'running', combinator: 1, conditions: [cond(4, 66)] }, { state: 'standby', combinator: 1, conditions: [cond(1, 3), cond(2, 66)] }] }],
    },
  ];
  calls.length = 0;
  useSession.setState({ token: 'tok', userId: 7, projectId: 3 });
  fakeApi((url, _body, init) => {
    calls.push({ url, method: init?.method ?? 'GET' });
    if (url.startsWith(EQUIPMENT_STATUS_API.schemes)) return schemes;
    if (url.startsWith(EQUIPMENT_STATUS_API.options)) return OPTIONS;
    if (init?.method === 'DELETE') {
      schemes = [];
      return 5;
    }
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null, projectId: null });
});

describe('equipment status schemes', () => {
  it('lists the programmes with their devices and the update time on the project clock; the detail reads as conditions', async () => {
    renderPage();
    const page = await screen.findByTestId('scheme-page');
    await waitFor(() => expect(page.getAttribute('data-ready')).toBe('true'));
    const table = screen.getByTestId('scheme-table');
    expect(within(table).getByText('Compressors')).toBeTruthy();
    // 02:30 UTC is 10:30 in Shanghai, whatever the browser's zone
    expect(within(table).getByText('2025-03-10 10:30')).toBeTruthy();
    fireEvent.click(table.querySelector('.ant-table-row-expand-icon') as Element);
    const detail = await screen.findByTestId('scheme-detail');
    expect(detail.textContent).toContain('AC1 meter active power >= 66 kW');
    expect(detail.textContent).toContain('AC1 meter active power > 3 kW and AC1 meter active power < 66 kW');
  }, 60_000);

  it('delete asks first, then sends DELETE and the list empties', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('scheme-delete'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = await screen.findByText('Delete the scheme "Compressors"?');
    const pop = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(pop).getByRole('button', { name: /ok/i }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/equipmentStatus/scheme/5'))).toBe(true));
    await screen.findByText(en.scheme.empty);
  }, 60_000);
});
