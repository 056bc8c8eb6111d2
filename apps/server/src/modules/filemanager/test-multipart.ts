import { randomBytes } from 'node:crypto';

/** Test helper: a multipart/form-data body with one file part (and optional text fields). */
export function multipartBody(file: { field?: string; name: string; data: Buffer | string; type?: string }, fields: Record<string, string> = {}) {
  const boundary = `----ems${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name.replace(/"/g, '%22')}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
  );
  chunks.push(typeof file.data === 'string' ? Buffer.from(file.data) : file.data);
  chunks.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
