import { EQUIPMENT_STATUS_API, type StateEnergy, type StateEnergyQuery } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';
import { exportExcelByPost, type DownloadResult } from '../../../lib/http/download';

/** POST equipmentStatus/energy: hours and kWh per state, per device and bucket, with the idle waste. */
export const stateEnergyQuery = defineQuery(['equipment-status', 'energy'], (body: StateEnergyQuery) => ({
  key: [body],
  queryFn: async () => (await http.post<StateEnergy>(EQUIPMENT_STATUS_API.energy, body)).data,
}));

/** The per-device and per-bucket tables as .xlsx. */
export const exportStateEnergy = (body: StateEnergyQuery): Promise<DownloadResult> => exportExcelByPost(EQUIPMENT_STATUS_API.energyExport, body);
