import { useState } from 'react';
import { Alert, Button, Flex, Space, Statistic, Typography, Upload, theme, type UploadFile } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  FILE_API,
  FILE_MAX_BYTES,
  MANUAL_IMPORT_API,
  type ManualImportError,
  type ManualImportResult,
  type UploadedFile,
} from '@ems/contract';
import { http, uploadFile as uploadWithClient } from '../../../lib/http/client';
import { FILE_TIMEOUT_MS, exportExcelByGet } from '../../../lib/http/download';
import { notify } from '../../../lib/notify';
import { DataTable, EditDialog } from '../../../widgets';

/** Files the import reads. */
const ACCEPT = '.csv,.xlsx';

/** POST /filemanager/v1/file (spec section 7) through the app's client: resolves with the stored file. */
export async function uploadFile(file: Blob, name: string): Promise<UploadedFile> {
  return (await uploadWithClient<UploadedFile>(FILE_API.upload, file, name)).data;
}

export interface ImportReadingsDialogProps {
  open: boolean;
  projectId: number;
  onClose: () => void;
  /** after an import that wrote readings */
  onImported?: (result: ManualImportResult) => void;
}

/**
 * Import of manual readings (offline meters): download the template, upload a CSV or .xlsx through
 * the file manager, run the import and read the per-row error report.
 */
export function ImportReadingsDialog({ open, projectId, onClose, onImported }: ImportReadingsDialogProps) {
  const { t } = useTranslation('device-monitor');
  const { token } = theme.useToken();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [result, setResult] = useState<(ManualImportResult & { file: string }) | null>(null);

  const reset = () => {
    setFiles([]);
    setUploaded(null);
    setResult(null);
  };

  const runImport = async (): Promise<boolean> => {
    if (!uploaded) {
      notify.warning(t('importReadings.chooseFile'));
      return false;
    }
    const reply = await http.post<ManualImportResult>(MANUAL_IMPORT_API.run, { fileName: uploaded.fileName, projectId }, { timeoutMs: FILE_TIMEOUT_MS });
    const r = reply.data;
    setResult({ ...r, file: uploaded.originalName });
    setFiles([]);
    setUploaded(null);
    if (r.accepted > 0) {
      notify.success(t('importReadings.done', { accepted: r.accepted }));
      onImported?.(r);
    } else notify.warning(t('importReadings.noneAccepted'));
    return false; // stays open with the report
  };

  return (
    <EditDialog
      open={open}
      width={760}
      title={t('importReadings.title')}
      okText={t('importReadings.run')}
      cancelText={t('importReadings.close')}
      beforeConfirm={runImport}
      onClose={() => {
        reset();
        onClose();
      }}
    >
      <Flex vertical gap={token.margin} data-testid="import-readings-dialog">
        <Alert
          type="info"
          showIcon
          title={t('importReadings.hint')}
          action={
            <Button size="small" icon={<DownloadOutlined />} onClick={() => void exportExcelByGet(MANUAL_IMPORT_API.template)} data-testid="import-template">
              {t('importReadings.template')}
            </Button>
          }
        />
        <Upload.Dragger
          accept={ACCEPT}
          maxCount={1}
          fileList={files}
          data-testid="import-upload"
          beforeUpload={(file) => {
            const ext = /\.(csv|xlsx)$/i.test(file.name);
            if (!ext) notify.warning(t('importReadings.wrongType'));
            else if (file.size > FILE_MAX_BYTES) notify.warning(t('importReadings.tooLarge'));
            return ext && file.size <= FILE_MAX_BYTES ? true : Upload.LIST_IGNORE;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            const blob = file as File;
            setUploaded(null);
            setResult(null);
            uploadFile(blob, blob.name).then(
              (u) => {
                setUploaded(u);
                onSuccess?.(u);
              },
              (err: unknown) => onError?.(err instanceof Error ? err : new Error(String(err))),
            );
          }}
          onChange={({ fileList }) => setFiles(fileList.slice(-1))}
          onRemove={() => {
            setUploaded(null);
            return true;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('importReadings.drop')}</p>
          <p className="ant-upload-hint">{t('importReadings.dropHint')}</p>
        </Upload.Dragger>
        {result && (
          <Flex vertical gap={token.marginSM} data-testid="import-report">
            <Typography.Text type="secondary" data-testid="import-report-file">
              {t('importReadings.file', { name: result.file })}
            </Typography.Text>
            <Space size="large">
              <Statistic title={t('importReadings.accepted')} value={result.accepted} styles={{ content: { color: token.colorSuccess } }} />
              <Statistic title={t('importReadings.rejected')} value={result.rejected} styles={{ content: { color: result.rejected > 0 ? token.colorError : undefined } }} />
            </Space>
            {result.errors.length > 0 ? (
              <DataTable<ManualImportError>
                rowKey={(e) => `${e.row}:${e.reason}`}
                dataSource={result.errors}
                pagination={{ pageSize: 10, showSizeChanger: false }}
                scroll={{ y: 280 }}
                columns={[
                  { title: t('importReadings.row'), dataIndex: 'row', width: 80 },
                  {
                    title: t('importReadings.reason'),
                    dataIndex: 'reason',
                    width: 180,
                    render: (reason: string) => t(`importReadings.reasons.${reason}`, { defaultValue: reason }),
                  },
                  { title: t('importReadings.message'), dataIndex: 'message' },
                ]}
              />
            ) : (
              <Typography.Text type="success">{t('importReadings.allAccepted')}</Typography.Text>
            )}
          </Flex>
        )}
      </Flex>
    </EditDialog>
  );
}
