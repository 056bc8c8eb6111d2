import { BALANCE_API, type BalanceQuery, type PipeQuery } from '@ems/contract';
import { exportExcelByPost, type DownloadResult } from '../../../lib/http/download';

/** POST …/balance/tree/export with the page's query: file name from content-disposition, else 表格导出. */
export function exportBalanceTree(body: BalanceQuery): Promise<DownloadResult> {
  return exportExcelByPost(BALANCE_API.treeExport, body);
}

/** POST …/balance/pipe/export: the media table. */
export function exportPipe(body: PipeQuery): Promise<DownloadResult> {
  return exportExcelByPost(BALANCE_API.pipeExport, body);
}
