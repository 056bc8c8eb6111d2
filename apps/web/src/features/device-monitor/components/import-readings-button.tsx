import { useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../lib/permission';
import { ImportReadingsDialog } from './import-readings-dialog';

/** 'Import readings' on the device monitor (permission device_update) with its dialog. */
export function ImportReadingsButton({ projectId, onImported }: { projectId: number; onImported?: () => void }) {
  const { t } = useTranslation('device-monitor');
  const [open, setOpen] = useState(false);
  return (
    <Permission code="device_update">
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="import-readings">
        {t('importReadings.button')}
      </Button>
      <ImportReadingsDialog open={open} projectId={projectId} onClose={() => setOpen(false)} onImported={onImported} />
    </Permission>
  );
}
