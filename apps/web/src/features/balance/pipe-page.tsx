import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayUnit, rangeOf, type DateRange } from '@ems/domain';
import { energyTypeName } from '../../lib/model-label';
import { useSession } from '../../lib/session';
import { DateRangeSelector } from '../../widgets';
import { exportPipe } from './api/export-balance';
import { pipeQuery } from './api/get-pipe';
import { PipeMediumCard } from './components/pipe-medium-card';
import { useFormatTime, useProjectZone } from '../../lib/time';

/**
 * Pipeline consumption (/pipeQueryAndAnalysis, DOMAIN §2): per medium (water, gas, steam,
 * compressed air) the supply totaliser against the sum of end-user meters, the daily loss rate with
 * its tolerance band and a step-change flag, and the network with the loss as its own branch.
 */
export default function PipePage() {
  const { t, i18n } = useTranslation('balance');
  const { token } = theme.useToken();
  const projectId = useSession((s) => s.projectId);
  const zone = useProjectZone();
  const [range, setRange] = useState<DateRange>(() => rangeOf(3, Date.now(), zone));
  const body = { projectId: projectId ?? 1, startTime: range.startTime, endTime: range.endTime };
  const pipe = useQuery({ ...pipeQuery(body), enabled: projectId !== null, placeholderData: keepPreviousData });
  const time = useFormatTime();
  const dayLabel = useCallback((ts: number) => time(ts, 'MM-DD'), [time]);
  if (projectId === null) return <Empty description={t('noProject')} />;
  const english = i18n.language === 'en-US';
  const title = (code: number, unit: string) => {
    return `${energyTypeName(code, english)} (${displayUnit(unit)})`;
  };
  return (
    <Flex vertical gap={token.margin} data-testid="pipe-page" data-ready={pipe.data !== undefined && !pipe.isFetching}>
      <Card size="small">
        <Flex wrap align="center" gap={token.margin}>
          <DateRangeSelector value={range} onChange={setRange} />
          <Button onClick={() => void exportPipe(body)} disabled={!pipe.data} data-testid="pipe-export">
            {t('export')}
          </Button>
        </Flex>
      </Card>
      {pipe.isLoading || !pipe.data ? (
        <Skeleton active />
      ) : pipe.data.media.length === 0 ? (
        <Empty description={t('pipe.noMedia')} />
      ) : (
        pipe.data.media.map((m) => <PipeMediumCard key={m.energyType} medium={m} title={title(m.energyType, m.unit)} dayLabel={dayLabel} />)
      )}
    </Flex>
  );
}
