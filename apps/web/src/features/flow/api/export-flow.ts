import { FLOW_API, type FlowQuery } from '@ems/contract';
import { exportExcelByPost, type DownloadResult } from '../../../lib/http/download';

/** POST …/flow/period/export: the flow table; file name from content-disposition, else 表格导出. */
export function exportFlow(body: FlowQuery): Promise<DownloadResult> {
  return exportExcelByPost(FLOW_API.periodExport, body);
}
