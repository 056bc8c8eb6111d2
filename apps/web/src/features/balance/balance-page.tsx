import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Row, Select, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENERGY_TYPE } from '@ems/contract';
import { energyTypeOptions } from '../../lib/model-label';
import { rangeOf, type DateRange } from '@ems/domain';
import { useSession } from '../../lib/session';
import { DateRangeSelector } from '../../widgets';
import { exportBalanceTree } from './api/export-balance';
import { balanceTreeQuery } from './api/get-balance-tree';
import { BalanceTreeTable } from './components/balance-tree-table';
import { LossTrendCard } from './components/loss-trend-card';
import { NightCard } from './components/night-card';
import { WorstNodesCard } from './components/worst-nodes-card';
import { useFormatTime, useProjectZone } from '../../lib/time';

/**
 * Energy balance (/balanceConsumption, DOMAIN §2): for an energy type over the selector's range, the
 * meter tree with parent, Σ children, loss, λ, tolerance and status; the daily λ of the selected
 * parent with its tolerance band; the worst nodes; night against day loss.
 */
export default function BalancePage() {
  const { t, i18n } = useTranslation('balance');
  const { token } = theme.useToken();
  const projectId = useSession((s) => s.projectId);
  const [energyType, setEnergyType] = useState<number>(ENERGY_TYPE.electricity);
  const zone = useProjectZone();
  const [range, setRange] = useState<DateRange>(() => rangeOf(3, Date.now(), zone));
  const [selected, setSelected] = useState<number | null>(null);
  const body = { projectId: projectId ?? 1, energyType, startTime: range.startTime, endTime: range.endTime };
  const tree = useQuery({ ...balanceTreeQuery(body), enabled: projectId !== null, placeholderData: keepPreviousData });
  const time = useFormatTime();
  const dayLabel = useCallback((ts: number) => time(ts, 'MM-DD'), [time]);
  const english = i18n.language === 'en-US';
  if (projectId === null) return <Empty description={t('noProject')} />;

  const types = new Set([...(tree.data?.energyTypes ?? []), energyType]);
  const options = energyTypeOptions(types, english);
  const current = selected !== null && tree.data?.rows.some((r) => r.meterId === selected && r.balance) ? selected : null;
  return (
    <Flex vertical gap={token.margin} data-testid="balance-page" data-ready={tree.data !== undefined && !tree.isFetching}>
      <Card size="small">
        <Flex wrap align="center" gap={token.margin}>
          <Flex align="center" gap={token.marginXS}>
            <span>{t('energyType')}</span>
            <Select<number>
              data-testid="balance-energy-type"
              value={energyType}
              options={options}
              style={{ width: 140 }}
              onChange={(v) => {
                setEnergyType(v);
                setSelected(null);
              }}
            />
          </Flex>
          <DateRangeSelector value={range} onChange={setRange} />
          <Button onClick={() => void exportBalanceTree(body)} disabled={!tree.data} data-testid="balance-export">
            {t('export')}
          </Button>
        </Flex>
      </Card>
      <Card size="small" title={t('tree')}>
        {tree.isLoading || !tree.data ? <Skeleton active /> : <BalanceTreeTable key={tree.data.energyType} tree={tree.data} selected={current} onSelect={(r) => setSelected(r.meterId)} />}
      </Card>
      <Row gutter={[token.margin, token.margin]}>
        <Col xs={24} xl={16}>
          <LossTrendCard query={current === null ? null : { projectId, meterId: current, startTime: range.startTime, endTime: range.endTime }} dayLabel={dayLabel} />
        </Col>
        <Col xs={24} xl={8}>
          <WorstNodesCard worst={tree.data?.worst ?? []} onPick={setSelected} />
        </Col>
      </Row>
      {tree.data && <NightCard tree={tree.data} />}
    </Flex>
  );
}
