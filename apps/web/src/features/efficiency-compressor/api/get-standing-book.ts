import { COMPRESSOR_API, type CompressorProjectQuery, type StandingBook } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';

/** POST airCompressor/standingBook: the register of the project's compressors with their nameplates and grade lines. */
export async function fetchStandingBook(body: CompressorProjectQuery): Promise<StandingBook> {
  return (await http.post<StandingBook>(COMPRESSOR_API.standingBook, body)).data;
}
export const standingBookQuery = defineQuery(['airCompressor', 'standingBook'], (body: CompressorProjectQuery) => ({ key: [body], queryFn: () => fetchStandingBook(body) }));
