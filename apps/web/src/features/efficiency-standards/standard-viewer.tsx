import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EquipmentKindT } from '@ems/contract';
import { EfficiencyStandardsPanel } from './standards-panel';

/**
 * A button for an efficiency page ("Efficiency standards"): opens the grade tables on the page's
 * kind, read-only unless the user holds efficiencystandard_update, so an engineer sees the limits
 * the page grades against without leaving it.
 */
export function EfficiencyStandardButton({ kind, size }: { kind: EquipmentKindT; size?: 'small' | 'middle' }) {
  const { t } = useTranslation('efficiency-standards');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)} data-testid={`standard-open-${kind}`}>
        {t('view')}
      </Button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} width={1200} title={t('title')} destroyOnHidden>
        <EfficiencyStandardsPanel initialKind={kind} />
      </Modal>
    </>
  );
}
