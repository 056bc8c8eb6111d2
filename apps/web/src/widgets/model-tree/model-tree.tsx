import { useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { Flex, Input, Tree, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { TREE_FILTER_DEBOUNCE_MS, TREE_SEARCH_DEBOUNCE_MS } from '../constants';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { ancestorKeys, filterTree, searchTree, type ModelTreeNode } from './tree-filter';

export interface ModelTreeProps {
  treeData: ModelTreeNode[];
  /** 'filter' (default, 400 ms) hides what does not match; 'search' (250 ms) highlights matches in the whole tree. */
  mode?: 'filter' | 'search';
  /** Hide the text box. */
  hideInput?: boolean;
  selectedKey?: Key;
  onSelect?: (node: ModelTreeNode) => void;
  checkable?: boolean;
  checkedKeys?: Key[];
  onCheck?: (keys: Key[]) => void;
  defaultExpandedKeys?: Key[];
  /** Virtual scrolling height in px for large trees. */
  height?: number;
  /** Extra content after each title. */
  renderExtra?: (node: ModelTreeNode) => ReactNode;
}

/** Model tree: antd Tree with a debounced filter or search box that expands the matches. */
export function ModelTree(props: ModelTreeProps) {
  const { treeData, mode = 'filter', selectedKey, onSelect, checkable, checkedKeys, onCheck } = props;
  const { t } = useTranslation('widgets');
  const { token } = theme.useToken();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text, mode === 'filter' ? TREE_FILTER_DEBOUNCE_MS : TREE_SEARCH_DEBOUNCE_MS);
  const [expandedKeys, setExpandedKeys] = useState<Key[]>(props.defaultExpandedKeys ?? []);

  const view = useMemo(() => {
    if (mode === 'filter') {
      const f = filterTree(treeData, query);
      return { nodes: f.nodes, expand: f.expandedKeys, matched: new Set<Key>() };
    }
    const s = searchTree(treeData, query);
    return { nodes: treeData, expand: s.expandedKeys, matched: new Set(s.matchedKeys) };
  }, [treeData, query, mode]);

  useEffect(() => {
    if (query.trim()) setExpandedKeys(view.expand);
  }, [query, view]);

  // the selected node stays visible: its ancestors open when it is chosen elsewhere (a node just
  // added or moved) or the tree reloads
  useEffect(() => {
    if (selectedKey === undefined) return;
    const up = ancestorKeys(treeData, selectedKey);
    if (!up || up.length === 0) return;
    setExpandedKeys((keys) => (up.every((k) => keys.includes(k)) ? keys : [...keys, ...up.filter((k) => !keys.includes(k))]));
  }, [selectedKey, treeData]);

  return (
    <Flex vertical gap={8} style={{ minHeight: 0, height: '100%' }}>
      {!props.hideInput && (
        <Input.Search
          allowClear
          placeholder={t(mode === 'filter' ? 'tree.filterPlaceholder' : 'tree.searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      )}
      <Tree<ModelTreeNode>
        blockNode
        treeData={view.nodes}
        height={props.height}
        expandedKeys={expandedKeys}
        onExpand={(keys) => setExpandedKeys(keys)}
        selectedKeys={selectedKey === undefined ? [] : [selectedKey]}
        onSelect={(_, info) => onSelect?.(info.node)}
        checkable={checkable}
        checkedKeys={checkedKeys}
        onCheck={(keys) => onCheck?.(Array.isArray(keys) ? keys : keys.checked)}
        titleRender={(node) => (
          <span style={view.matched.has(node.key) ? { color: token.colorPrimary, fontWeight: token.fontWeightStrong } : undefined}>
            {node.title}
            {props.renderExtra?.(node)}
          </span>
        )}
      />
    </Flex>
  );
}
