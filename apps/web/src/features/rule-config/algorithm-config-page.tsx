import type { AlgorithmConfig, AlgorithmConfigInput } from '@ems/contract';
import { ALGORITHM_API } from './api/config-api';
import { ALGORITHM_PARAMS, describeContract } from './algorithm-params';
import { ConfigListPage, type ConfigResource } from './components/config-list-page';
import { AlgorithmDialog } from './components/algorithm-dialog';

/** The parameters set, as "name: value" pairs in the kind's order. */
function describeParams(a: AlgorithmConfig, t: (key: string) => string): string {
  return ALGORITHM_PARAMS[a.kind]
    .flatMap((f) => {
      const v = a.params[f.name];
      if (v === undefined || (Array.isArray(v) && v.length === 0)) return [];
      return [`${t(`param.${f.name}`)}: ${Array.isArray(v) ? v.length : f.input === 'indicator' ? t(`indicator.${String(v)}`) : String(v)}`];
    })
    .join('; ');
}

const ALGORITHMS: ConfigResource<AlgorithmConfig, AlgorithmConfigInput> = {
  key: 'algorithm',
  api: ALGORITHM_API,
  columns: (t) => [
    { key: 'kind', title: t('column.kind'), width: 110, render: (_: unknown, a: AlgorithmConfig) => t(`kind.${a.kind}`) },
    {
      key: 'params',
      title: t('column.params'),
      width: 320,
      ellipsis: true,
      // a demand algorithm first says which contracted demand applies (the tariff's or the administrator's)
      render: (_: unknown, a: AlgorithmConfig) => [a.contract ? describeContract(a.contract, t) : '', describeParams(a, t)].filter((s) => s !== '').join('; '),
    },
    { key: 'level', title: t('column.level'), width: 90, render: (_: unknown, a: AlgorithmConfig) => t(`level.${a.level}`) },
  ],
  Dialog: AlgorithmDialog,
};

/** Algorithm configuration (/admin/algorithm): demand, offline, switch, efficiency, balance, quota and night-use algorithms. */
export default function AlgorithmConfigPage() {
  return <ConfigListPage resource={ALGORITHMS} />;
}
