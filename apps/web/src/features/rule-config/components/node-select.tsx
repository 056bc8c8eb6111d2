import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import { useModelTreeNodes, type TreeNodeRef } from '../../../lib/api/model-tree';
import type { ModelTreeNode } from '../../../widgets';

export interface NodeRef {
  id: number;
  modelLabel: string;
}

interface Option {
  value: string;
  title: string;
  children: Option[];
}

const keyOf = (n: NodeRef) => `${n.modelLabel}_${n.id}`;
const toOption = (n: ModelTreeNode): Option => ({ value: String(n.key), title: String(n.title), children: (n.children ?? []).map(toOption) });

function useNodes(projectId: number) {
  const tree = useModelTreeNodes(projectId);
  return useMemo(() => {
    const byKey = new Map<string, TreeNodeRef>();
    const walk = (ns: ModelTreeNode[]) =>
      ns.forEach((n) => {
        byKey.set(String(n.key), n.data as TreeNodeRef);
        walk(n.children ?? []);
      });
    walk(tree.data ?? []);
    return { options: (tree.data ?? []).map(toOption), byKey, loading: tree.isLoading };
  }, [tree.data, tree.isLoading]);
}

/** One node of the project's tree (Form control: value {id, modelLabel}). */
export function NodeSelect({ projectId, value, onChange, id }: { projectId: number; value?: NodeRef | null; onChange?: (v: NodeRef | null) => void; id?: string }) {
  const nodes = useNodes(projectId);
  return (
    <TreeSelect
      id={id}
      data-testid="rule-node"
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      loading={nodes.loading}
      treeData={nodes.options}
      value={value ? keyOf(value) : undefined}
      onChange={(key: string | undefined) => {
        const ref = key ? nodes.byKey.get(key) : undefined;
        onChange?.(ref ? { id: ref.id, modelLabel: ref.modelLabel } : null);
      }}
    />
  );
}

/** Several nodes by id (Form control: value number[]), for an algorithm's device or child lists. */
export function NodesSelect({ projectId, value, onChange, id }: { projectId: number; value?: number[]; onChange?: (v: number[]) => void; id?: string }) {
  const nodes = useNodes(projectId);
  const keys = useMemo(() => {
    const byId = new Map([...nodes.byKey].map(([k, n]) => [n.id, k]));
    return (value ?? []).flatMap((i) => byId.get(i) ?? []);
  }, [value, nodes.byKey]);
  return (
    <TreeSelect
      id={id}
      multiple
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      loading={nodes.loading}
      treeData={nodes.options}
      value={keys}
      onChange={(ks: string[]) => onChange?.(ks.flatMap((k) => nodes.byKey.get(k)?.id ?? []))}
    />
  );
}
