import { useEffect, useState } from 'react';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CostScheme } from '@ems/contract';
import { useModelTreeNodes, type TreeNodeRef } from '../../../lib/api/model-tree';
import { EditDialog, type ModelTreeNode } from '../../../widgets';
import { attachScheme } from '../api/schemes';

interface TreeOption {
  value: string;
  title: string;
  children: TreeOption[];
}
const toOptions = (nodes: readonly ModelTreeNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: String(n.key), title: String((n.data as TreeNodeRef).name), children: toOptions((n.children ?? []) as ModelTreeNode[]) }));

/** Attach a scheme to nodes of its project (costscheme_relate_node): the bill of a node uses the scheme of its nearest attached ancestor. */
export function AttachDialog({ scheme, onClose, onSaved }: { scheme: CostScheme | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('cost');
  const tree = useModelTreeNodes(scheme?.projectId ?? null);
  const [value, setValue] = useState<string[]>([]);
  useEffect(() => setValue(scheme ? scheme.nodes.map((n) => `${n.modelLabel}_${n.nodeId}`) : []), [scheme]);
  const confirm = async () => {
    if (!scheme) return false;
    const nodes = value.map((key) => {
      const i = key.lastIndexOf('_');
      return { modelLabel: key.slice(0, i), nodeId: Number(key.slice(i + 1)) };
    });
    await attachScheme(scheme.id, nodes);
    return true;
  };
  return (
    <EditDialog open={scheme !== null} title={t('schemes.attach')} width={560} beforeConfirm={confirm} onConfirm={onSaved} onClose={onClose}>
      <TreeSelect<string[]>
        multiple
        style={{ width: '100%' }}
        value={value}
        onChange={(v) => setValue(v)}
        treeData={toOptions(tree.data ?? [])}
        treeDefaultExpandAll
        data-testid="scheme-attach-tree"
      />
    </EditDialog>
  );
}
