import { ENVIRONMENT_API, type EnvironmentExportQuery } from '@ems/contract';
import { exportExcelByPost, type DownloadResult } from '../../../lib/http/download';

/** POST …/environment/export: the sensor grid, the register or the alarm log as .xlsx (name from content-disposition). */
export function exportEnvironment(body: EnvironmentExportQuery): Promise<DownloadResult> {
  return exportExcelByPost(ENVIRONMENT_API.export, body);
}
