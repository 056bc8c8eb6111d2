import { ANALYSIS_API, type ConsumptionQuery } from '@ems/contract';
import { exportExcelByPost, type DownloadResult } from '../../../lib/http/download';

/** POST …/consumption/export with the page's query: file name from content-disposition, else 表格导出. */
export function exportConsumption(body: ConsumptionQuery): Promise<DownloadResult> {
  return exportExcelByPost(ANALYSIS_API.consumptionExport, body);
}
