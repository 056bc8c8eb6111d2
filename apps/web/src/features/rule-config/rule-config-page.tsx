import type { RuleConfig, RuleConfigInput } from '@ems/contract';
import { RULE_API } from './api/config-api';
import { describeConditions } from './conditions';
import { ConfigListPage, type ConfigResource } from './components/config-list-page';
import { RuleDialog } from './components/rule-dialog';

const RULES: ConfigResource<RuleConfig, RuleConfigInput> = {
  key: 'rule',
  api: RULE_API,
  columns: (t) => [
    { key: 'conditions', title: t('column.conditions'), width: 200, ellipsis: true, render: (_: unknown, r: RuleConfig) => describeConditions(r.conditions, t(`combinator.${r.combinator}`)) },
    { key: 'level', title: t('column.level'), width: 80, render: (_: unknown, r: RuleConfig) => t(`level.${r.level}`) },
    // what its events are and where they are listed: an energy quantity's limit, another quantity's, an accident
    { key: 'logType', title: t('column.logType'), width: 130, render: (_: unknown, r: RuleConfig) => t(`logType.${r.logType}`) },
    { key: 'minDuration', dataIndex: 'minDurationSec', title: t('column.minDuration'), width: 110, align: 'right' },
  ],
  Dialog: RuleDialog,
};

/** Rule configuration (/admin/rule): limit rules with conditions, enable and disable. */
export default function RuleConfigPage() {
  return <ConfigListPage resource={RULES} />;
}
