import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowGraph } from '@ems/contract';
import { displayUnit, formatThousands } from '@ems/domain';
import { formatPct } from '../flow-view';

/** Metering faults (children above their parent: flagged, no negative branch) and meters without data (live: offline or no value). */
export function FlowFaults({ graph, unit, live = false }: { graph: FlowGraph; unit: string; live?: boolean }) {
  const { t } = useTranslation('flow');
  return (
    <>
      {graph.faults.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="flow-faults"
          title={t('faultTitle')}
          description={graph.faults.map((f) => (
            <Typography.Text key={f.meterId} style={{ display: 'block' }}>
              {t('fault', { name: f.name, excess: `${formatThousands(f.excess, 2)} ${displayUnit(unit)}`, rate: formatPct(f.lossRatePct) })}
            </Typography.Text>
          ))}
        />
      )}
      {graph.missing.length > 0 && <Alert type="info" showIcon data-testid="flow-missing" title={t(live ? 'missingLive' : 'missing', { count: graph.missing.length })} description={graph.missing.map((m) => m.name).join('、')} />}
    </>
  );
}
