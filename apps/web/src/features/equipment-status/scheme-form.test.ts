import { describe, expect, it } from 'vitest';
import type { EquipmentScheme } from '@ems/contract';
import { newDeviceForm, toSchemeForm, toSchemeInput } from './scheme-form';

const STORED: EquipmentScheme = {
  id: 5,
  projectId: 3,
  name: '空压机',
  description: '',
  updateTime: 0,
  devices: [
    {
      deviceId: 40,
      deviceName: '1#空压机电表',
      expressions: [
        { state: 'running', combinator: 1, conditions: [{ deviceId: 40, deviceName: '1#', dataId: 3, dataName: 'P', unit: 'kW', operator: 4, limit: 66 }] },
        { state: 'stopped', combinator: 2, conditions: [{ deviceId: 40, deviceName: '1#', dataId: 3, dataName: 'P', unit: 'kW', operator: 5, limit: 3 }, { deviceId: 9, deviceName: 'T', dataId: 18, dataName: 'T', unit: '°C', operator: 2, limit: 5 }] },
      ],
    },
  ],
};

describe('programme form', () => {
  it('a new device starts with the three states on its own active power: >=, <, <=, limits to fill', () => {
    const f = newDeviceForm(40);
    expect([f.running.conditions[0], f.standby.conditions[0], f.stopped.conditions[0]]).toEqual([
      { deviceId: 40, dataId: 3, operator: 4 },
      { deviceId: 40, dataId: 3, operator: 2 },
      { deviceId: 40, dataId: 3, operator: 5 },
    ]);
  });
  it('stored → form: the undefined state (standby) is unticked; → input again gives the same expressions', () => {
    const form = toSchemeForm(STORED);
    expect(form.deviceIds).toEqual([40]);
    expect(form.devices['40']?.standby.enabled).toBe(false);
    expect(form.devices['40']?.stopped.combinator).toBe(2);
    const input = toSchemeInput(3, { ...form, name: ' 空压机 ' });
    expect(input.name).toBe('空压机');
    expect(input.devices[0]?.expressions).toEqual([
      { state: 'running', combinator: 1, conditions: [{ deviceId: 40, dataId: 3, operator: 4, limit: 66 }] },
      { state: 'stopped', combinator: 2, conditions: [{ deviceId: 40, dataId: 3, operator: 5, limit: 3 }, { deviceId: 9, dataId: 18, operator: 2, limit: 5 }] },
    ]);
  });
  it('limits typed as text become numbers', () => {
    const f = newDeviceForm(7);
    f.running.conditions[0]!.limit = '12.5';
    f.standby.enabled = false;
    f.stopped.enabled = false;
    expect(toSchemeInput(1, { name: 'x', description: '', deviceIds: [7], devices: { 7: f } }).devices[0]?.expressions).toEqual([{ state: 'running', combinator: 1, conditions: [{ deviceId: 7, dataId: 3, operator: 4, limit: 12.5 }] }]);
  });
});
