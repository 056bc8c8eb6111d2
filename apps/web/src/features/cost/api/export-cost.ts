import { COST_API, type CostExportQuery } from '@ems/contract';
import { exportExcelByPost, type DownloadResult } from '../../../lib/http/download';

/** POST /eem-service/v1/cost/export: the year's monthly table; file name from content-disposition, else 表格导出. */
export function exportCost(body: CostExportQuery): Promise<DownloadResult> {
  return exportExcelByPost(COST_API.export, body);
}
