import { FILE_ADMIN_API, FILE_API, HEADER, type StoredFileInfo, type UploadedFile } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http, uploadFile } from '../../../lib/http/client';
import { downloadFile, type DownloadResult } from '../../../lib/http/download';

const inProject = (projectId: number) => ({ headers: { [HEADER.projectId]: String(projectId) } });

/** GET FILE_ADMIN_API.list with the project's projectid header: its files, newest first. */
export async function fetchFiles(projectId: number): Promise<StoredFileInfo[]> {
  return (await http.get<StoredFileInfo[]>(FILE_ADMIN_API.list, undefined, inProject(projectId))).data ?? [];
}
export const filesQuery = defineQuery(['adminFiles'], (projectId: number) => ({ key: [projectId], queryFn: () => fetchFiles(projectId), enabled: projectId > 0 }));

/** POST FILE_API.upload (spec section 7, 60 s) into the project: the app's client sends the Authorization header. */
export async function uploadToProject(projectId: number, file: Blob, name: string): Promise<UploadedFile> {
  return (await uploadFile<UploadedFile>(FILE_API.upload, file, name, inProject(projectId))).data;
}

/** DELETE FILE_ADMIN_API.remove?fileName= in the project. */
export async function removeFile(projectId: number, fileName: string): Promise<void> {
  await http.del(FILE_ADMIN_API.remove, undefined, { ...inProject(projectId), params: { fileName } });
}

/** GET FILE_API.download with the session headers, saved under the original name (spec section 7). */
export function download(file: StoredFileInfo): Promise<DownloadResult> {
  return downloadFile(file.fileName);
}
