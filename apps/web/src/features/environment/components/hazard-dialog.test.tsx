import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from 'antd';
import type { HazardSource, SensorRow } from '@ems/contract';
import widgetsEn from '../../../widgets/locales/en-US';
import en from '../locales/en-US';
import { HazardDialog } from './hazard-dialog';

const save = vi.hoisted(() => vi.fn());
vi.mock('../api/hazards', () => ({ saveHazard: save }));

function renderDialog(target: HazardSource | 'new') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { environment: en, widgets: widgetsEn, common: { saveSucceeded: 'Saved successfully!' } } },
    ns: ['environment', 'widgets', 'common'],
    defaultNS: 'environment',
    interpolation: { escapeValue: false },
    initImmediate: false,
  } as Parameters<typeof i18n.init>[0]);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <App>{children}</App>
    </I18nextProvider>
  );
  const onSaved = vi.fn();
  const places = [{ key: 'project_1', title: 'Factory', data: {}, children: [{ key: 'room_12', title: 'Workshop B', data: {}, children: [] }] }];
  const sensors = [{ id: 40, name: 'Paint detector 2' }] as SensorRow[];
  render(<HazardDialog target={target} projectId={1} places={places} sensors={sensors} onClose={() => undefined} onSaved={onSaved} />, { wrapper: Wrapper });
  return { onSaved };
}

const existing: HazardSource = {
  id: 9,
  projectId: 1,
  name: 'Solvent store',
  grade: 3,
  nodeId: 12,
  modelLabel: 'room',
  nodeName: 'Workshop B',
  location: 'east wall',
  responsible: 'Wang Fang',
  phone: '13800138000',
  sensors: [{ id: 40, name: 'Paint detector 2', level: 'preAlarm' }],
  level: 'preAlarm',
  note: '',
  updateTime: 0,
};

afterEach(() => save.mockReset());

describe('HazardDialog', () => {
  it('editing sends the node split into id and label, the linked sensors and the trimmed texts; saved closes it', async () => {
    save.mockResolvedValue(existing);
    const { onSaved } = renderDialog(existing);
    fireEvent.change(await screen.findByTestId('hazard-location'), { target: { value: '  east wall, door 2 ' } });
    fireEvent.click(screen.getByRole('button', { name: /OK/ }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith(9, {
      projectId: 1,
      name: 'Solvent store',
      grade: 3,
      nodeId: 12,
      modelLabel: 'room',
      location: 'east wall, door 2',
      responsible: 'Wang Fang',
      phone: '13800138000',
      sensorIds: [40],
      note: '',
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('a new source without a name or with a bad phone is not sent; the form says why', async () => {
    renderDialog('new');
    fireEvent.change(await screen.findByTestId('hazard-responsible'), { target: { value: 'Li Lei' } });
    fireEvent.change(screen.getByTestId('hazard-phone'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: /OK/ }));
    await waitFor(() => expect(screen.getByTestId('hazard-form').textContent).toMatch(/phone|landline/i));
    expect(save).not.toHaveBeenCalled();
  });
});
