import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The table's export: runs the page's export call, busy while it downloads. */
export function ExportButton({ onExport, testId }: { onExport: () => Promise<unknown>; testId: string }) {
  const { t } = useTranslation('forecast');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid={testId}>
      {t('table.export')}
    </Button>
  );
}
