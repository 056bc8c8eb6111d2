import { EVENT_API, type EventQueryBody } from '@ems/contract';
import { exportExcelByPost, type DownloadResult } from '../../../lib/http/download';

/** POST EVENT_API.export with the filters (paging left out): the file name comes from content-disposition, else 表格导出. */
export function exportEvents(body: EventQueryBody): Promise<DownloadResult> {
  const { page: _page, ...filters } = body;
  return exportExcelByPost(EVENT_API.export, filters);
}
