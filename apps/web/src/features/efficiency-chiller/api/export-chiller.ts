import { CHILLER_API, type ChillerEfficiencyQuery } from '@ems/contract';
import { exportExcelByPost, type DownloadResult } from '../../../lib/http/download';

/** The per-chiller table (with the plant row) and the trend with its temperatures, as .xlsx. */
export const exportChillerEfficiency = (body: ChillerEfficiencyQuery): Promise<DownloadResult> => exportExcelByPost(CHILLER_API.export, body);
