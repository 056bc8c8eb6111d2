import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Popconfirm, Space, Table, Tabs, Tag, theme } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ABNORMAL_RULE_KINDS, ABNORMAL_RULE_PERMISSIONS, type AbnormalRule, type AbnormalRuleKind } from '@ems/contract';
import { displayUnit, rangeOf, type DateRange } from '@ems/domain';
import { invalidate } from '../../lib/api/define-query';
import { Permission } from '../../lib/permission';
import { useSession } from '../../lib/session';
import { useProjectZone } from '../../lib/time';
import { abnormalOptionsQuery, abnormalRulesQuery, removeAbnormalRule } from './api/abnormal-api';
import { ResultsPanel } from './components/results-panel';
import { RuleDialog } from './components/rule-dialog';
import { WasteRanking } from './components/waste-ranking';

/** A rule's condition as one line, e.g. "deviation > 20% warning, > 40% alarm; baseline 4 weeks". */
export function ruleSummary(r: AbnormalRule, t: TFunction): string {
  const p = r.params;
  const unit = displayUnit(r.meters[0]?.unit ?? '');
  if (r.kind === 'percent') return t(p.baseline === 'regression' ? 'rule.summaryRegression' : 'rule.summaryPercent', { warn: p.warnPct ?? 20, alarm: p.alarmPct ?? 40, weeks: p.weeks ?? 4 });
  if (r.kind === 'usage') return t('rule.summaryUsage', { period: t(`rule.${p.quotaPeriod ?? 'month'}`), quota: `${p.quota ?? ''} ${unit}` });
  const weekdays = t('rule.weekday', { returnObjects: true }) as string[];
  if (p.baseLoadRatioPct !== undefined) return t('rule.summaryBaseLoad', { ratio: p.baseLoadRatioPct });
  const windows = [
    ...(p.nights ?? []).map((n) => `${n.start}-${n.end}`),
    ...(p.weekendDays ?? []).map((d) => weekdays[d] ?? String(d)),
    ...(p.holidays?.length ? [`${t('rule.holidays')} ${p.holidays.length}`] : []),
    ...(p.breaks ?? []).map((n) => `${n.start}-${n.end}`),
  ].join(', ');
  const limits = [p.limitPerHour !== undefined ? t('rule.perHour', { v: `${p.limitPerHour} ${unit}` }) : null, p.limitPerWindow !== undefined ? t('rule.perWindow', { v: `${p.limitPerWindow} ${unit}` }) : null].filter(Boolean).join(', ');
  return t('rule.summaryPeriod', { windows, limit: limits });
}

/**
 * Abnormal consumption (/useException, DOMAIN §10): the rules by kind (percent, period, usage) in
 * tabs, created, edited and deleted under the kind's custom permission; the picked rule's results:
 * actual vs baseline with the abnormal spans shaded, waste per day, the findings with their status;
 * the project's meters ranked by waste over the same range.
 */
export default function UseExceptionPage() {
  const { t } = useTranslation('abnormal');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const projectId = useSession((s) => s.projectId);
  const list = useQuery(abnormalRulesQuery(projectId));
  const options = useQuery(abnormalOptionsQuery(projectId));
  const client = useQueryClient();
  const [kind, setKind] = useState<AbnormalRuleKind>('percent');
  const [picked, setPicked] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ record: AbnormalRule | null } | null>(null);
  const zone = useProjectZone();
  const [range, setRange] = useState<DateRange>(() => rangeOf(3, Date.now(), zone));
  if (projectId === null) return <Empty description={t('noProject')} />;
  const refresh = () => void invalidate(client, abnormalRulesQuery);
  const remove = async (r: AbnormalRule) => {
    await removeAbnormalRule(r.id);
    void message.success(t('rule.deleted'));
    if (picked === r.id) setPicked(null);
    refresh();
  };
  const rules = (list.data ?? []).filter((r) => r.kind === kind);
  const selected = rules.find((r) => r.id === picked) ?? rules[0] ?? null;
  const perm = ABNORMAL_RULE_PERMISSIONS[kind];
  return (
    <Flex vertical gap={token.margin} data-testid="use-exception-page" data-ready={list.data !== undefined && !list.isFetching}>
      <Card
        size="small"
        title={t('rule.title')}
        extra={
          <Permission code={perm.update}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ record: null })} data-testid="rule-add">
              {t('rule.add')}
            </Button>
          </Permission>
        }
      >
        <Tabs
          activeKey={kind}
          onChange={(k) => {
            setKind(k as AbnormalRuleKind);
            setPicked(null);
          }}
          items={ABNORMAL_RULE_KINDS.map((k) => ({ key: k, label: `${t(`kind.${k}`)} (${(list.data ?? []).filter((r) => r.kind === k).length})` }))}
          data-testid="rule-tabs"
        />
        <Table<AbnormalRule>
          rowKey="id"
          size="small"
          loading={list.isLoading}
          dataSource={rules}
          pagination={false}
          data-testid="rule-table"
          locale={{ emptyText: <Empty description={t('rule.empty')} /> }}
          rowClassName={(r) => (r.id === selected?.id ? 'ant-table-row-selected' : '')}
          onRow={(r) => ({ onClick: () => setPicked(r.id), style: { cursor: 'pointer' } })}
          columns={[
            { title: t('rule.name'), dataIndex: 'name', width: 200 },
            { title: t('rule.meters'), key: 'meters', render: (_, r) => r.meters.map((m) => <Tag key={m.id}>{m.name}</Tag>) },
            { title: t('rule.params'), key: 'params', render: (_, r) => ruleSummary(r, t) },
            { title: t('rule.level'), dataIndex: 'level', width: 80, render: (v: 'warn' | 'alarm', r) => (r.kind === 'percent' ? '--' : <Tag color={v === 'alarm' ? 'error' : 'warning'}>{t(`level.${v}`)}</Tag>) },
            { title: t('rule.enabled'), dataIndex: 'enabled', width: 80, render: (v: boolean) => <Tag color={v ? 'success' : 'default'}>{t(v ? 'rule.on' : 'rule.off')}</Tag> },
            {
              title: t('rule.actions'),
              key: 'actions',
              width: 140,
              render: (_, r) => (
                <Space onClick={(e) => e.stopPropagation()}>
                  <Permission code={perm.update}>
                    <Button type="link" size="small" onClick={() => setDialog({ record: r })} data-testid="rule-edit">
                      {t('rule.edit')}
                    </Button>
                  </Permission>
                  <Permission code={perm.remove}>
                    <Popconfirm title={t('rule.confirmDelete', { name: r.name })} onConfirm={() => remove(r)}>
                      <Button type="link" size="small" danger data-testid="rule-delete">
                        {t('rule.delete')}
                      </Button>
                    </Popconfirm>
                  </Permission>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {selected ? <ResultsPanel key={selected.id} projectId={projectId} rule={selected} priced={options.data?.priced ?? false} range={range} onRange={setRange} /> : <Empty description={t('result.pickRule')} />}
      <WasteRanking projectId={projectId} range={range} />
      <RuleDialog open={dialog !== null} projectId={projectId} kind={kind} record={dialog?.record ?? null} onClose={() => setDialog(null)} onSaved={refresh} />
    </Flex>
  );
}
