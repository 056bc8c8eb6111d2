import { COMPRESSOR_API, type AirManagerQuery } from '@ems/contract';
import { exportExcelByPost, type DownloadResult } from '../../../lib/http/download';

/** The standing book and the machines' figures of the range as xlsx (file name from content-disposition). */
export const exportCompressor = (body: AirManagerQuery): Promise<DownloadResult> => exportExcelByPost(COMPRESSOR_API.export, body);
