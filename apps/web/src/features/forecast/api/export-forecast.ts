import { FORECAST_API, type ForecastAnalysisQuery, type ForecastExportQuery } from '@ems/contract';
import { exportExcelByPost, type DownloadResult } from '../../../lib/http/download';

/** POST …/forecast/predict/export: one horizon's forecast table; file name from content-disposition, else 表格导出. */
export function exportForecast(body: ForecastExportQuery): Promise<DownloadResult> {
  return exportExcelByPost(FORECAST_API.predictExport, body);
}

/** POST …/forecast/analysis/export: the range's actual-against-forecast table. */
export function exportForecastAnalysis(body: ForecastAnalysisQuery): Promise<DownloadResult> {
  return exportExcelByPost(FORECAST_API.analysisExport, body);
}
