import { DATA_ID, type EquipmentScheme, type EquipmentSchemeInput, type EquipmentStateT } from '@ems/contract';

/** The states in order of precedence (packages/domain EQUIPMENT_STATES). */
export const STATES: readonly EquipmentStateT[] = ['running', 'standby', 'stopped'];

export interface ConditionForm {
  deviceId?: number;
  dataId?: number;
  operator?: number;
  limit?: string | number;
}
export interface StateForm {
  /** whether the state is defined for the device */
  enabled: boolean;
  combinator: 1 | 2;
  conditions: ConditionForm[];
}
export type DeviceForm = Record<EquipmentStateT, StateForm>;

/** What the programme dialog holds: the chosen devices and, per device id, its three states. */
export interface SchemeFormValues {
  name: string;
  description: string;
  deviceIds: number[];
  devices: Record<string, DeviceForm>;
}

/** The comparison a new device's state starts with, on its own mean power: running >=, standby <, stopped <=. */
const START_OPERATOR: Record<EquipmentStateT, number> = { running: 4, standby: 2, stopped: 5 };

/** A device just picked: the three states, each one condition on the device's active power with the limit left to fill. */
export function newDeviceForm(deviceId: number): DeviceForm {
  const state = (s: EquipmentStateT): StateForm => ({ enabled: true, combinator: 1, conditions: [{ deviceId, dataId: DATA_ID.activePower, operator: START_OPERATOR[s] }] });
  return { running: state('running'), standby: state('standby'), stopped: state('stopped') };
}

export const NEW_SCHEME: SchemeFormValues = { name: '', description: '', deviceIds: [], devices: {} };

/** A stored programme → the dialog's values (a state it does not define is unticked, with a starting condition). */
export function toSchemeForm(s: EquipmentScheme): SchemeFormValues {
  const devices: Record<string, DeviceForm> = {};
  for (const d of s.devices) {
    const form = newDeviceForm(d.deviceId);
    for (const st of STATES) form[st].enabled = false;
    for (const e of d.expressions)
      form[e.state] = { enabled: true, combinator: e.combinator === 2 ? 2 : 1, conditions: e.conditions.map((c) => ({ deviceId: c.deviceId, dataId: c.dataId, operator: c.operator, limit: c.limit })) };
    devices[String(d.deviceId)] = form;
  }
  return { name: s.name, description: s.description, deviceIds: s.devices.map((d) => d.deviceId), devices };
}

/** Validated values → the save body: the chosen devices in order, each with its ticked states. */
export function toSchemeInput(projectId: number, v: SchemeFormValues): EquipmentSchemeInput {
  return {
    projectId,
    name: v.name.trim(),
    description: (v.description ?? '').trim(),
    devices: v.deviceIds.map((id) => {
      const form = v.devices[String(id)] ?? newDeviceForm(id);
      return {
        deviceId: id,
        expressions: STATES.filter((s) => form[s]?.enabled).map((s) => ({
          state: s,
          combinator: form[s].combinator,
          conditions: form[s].conditions.map((c) => ({ deviceId: Number(c.deviceId), dataId: Number(c.dataId), operator: Number(c.operator), limit: Number(c.limit) })),
        })),
      };
    }),
  };
}
