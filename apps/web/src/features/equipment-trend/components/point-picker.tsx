import { Checkbox, Flex, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { displayUnit } from '@ems/domain';
import { EmptyState } from '../../../widgets';
import { dataPointsQuery } from '../../../lib/api/data-points';
import type { TreeNodeRef } from '../../../lib/api/model-tree';
import { MAX_TREND_LINES, lineKey, type SelectedLine } from '../selection';

export interface PointPickerProps {
  device: TreeNodeRef | null;
  selected: SelectedLine[];
  onToggle: (line: SelectedLine, on: boolean) => void;
}

/** The data points the chosen node has readings for, as checkboxes; at most MAX_TREND_LINES ticked overall. */
export function PointPicker({ device, selected, onToggle }: PointPickerProps) {
  const { t } = useTranslation('equipment-trend');
  const { data, isLoading } = useQuery(dataPointsQuery(device !== null && device.modelLabel !== 'project' ? device.id : null));
  if (!device) return <EmptyState description={t('pickDevice')} size={100} />;
  if (isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!data || data.length === 0) return <EmptyState description={t('noPoints')} size={100} />;
  const keys = new Set(selected.map(lineKey));
  const full = selected.length >= MAX_TREND_LINES;
  return (
    <Flex vertical gap={4} data-testid="trend-points">
      <Typography.Text type="secondary">{device.name}</Typography.Text>
      {data.map((p) => {
        const line: SelectedLine = { deviceId: device.id, dataId: p.dataId, deviceName: device.name, dataName: p.name, unit: p.unit };
        const on = keys.has(lineKey(line));
        return (
          <Checkbox
            key={p.dataId}
            checked={on}
            disabled={!on && full}
            data-testid="trend-point"
            data-data-id={p.dataId}
            onChange={(e) => onToggle(line, e.target.checked)}
          >
            {p.name}
            {p.unit ? ` (${displayUnit(p.unit)})` : ''}
          </Checkbox>
        );
      })}
      {full && <Typography.Text type="warning">{t('limitReached', { max: MAX_TREND_LINES })}</Typography.Text>}
    </Flex>
  );
}
