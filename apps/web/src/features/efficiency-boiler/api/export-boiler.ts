import { BOILER_API, type BoilerQuery } from '@ems/contract';
import { exportExcelByPost, type DownloadResult } from '../../../lib/http/download';

/** The bucket table with its total row as .xlsx (file name from content-disposition). */
export const exportBoiler = (body: BoilerQuery): Promise<DownloadResult> => exportExcelByPost(BOILER_API.export, body);
