import { POWER_API, type BusbarQuery, type TransformerAnalysisQuery, type TransformerEfficiencyQuery, type TransformerFleetQuery } from '@ems/contract';
import { exportExcelByPost, type DownloadResult } from '../../../lib/http/download';

/** The feeder table of the single-line view (file name from content-disposition, else 表格导出). */
export const exportBusbar = (body: BusbarQuery): Promise<DownloadResult> => exportExcelByPost(POWER_API.busbarExport, body);
/** The fleet table. */
export const exportFleet = (body: TransformerFleetQuery): Promise<DownloadResult> => exportExcelByPost(POWER_API.fleetExport, body);
/** The PQ compliance, spectrum and load tables of one transformer. */
export const exportAnalysis = (body: TransformerAnalysisQuery): Promise<DownloadResult> => exportExcelByPost(POWER_API.analysisExport, body);
/** The efficiency table with its totals row and the chosen unit's loss buckets. */
export const exportEfficiency = (body: TransformerEfficiencyQuery): Promise<DownloadResult> => exportExcelByPost(POWER_API.efficiencyExport, body);
