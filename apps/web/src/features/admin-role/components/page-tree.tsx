import { memo } from 'react';
import { Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_GROUPS } from '../role-draft';

const pageKey = (id: number) => `p:${id}`;

/** Page permissions: the navigation catalogue as a checkable tree, groups then pages. */
export const PageTree = memo(function PageTree({ value, onChange, disabled }: { value: ReadonlySet<number>; onChange: (pages: Set<number>) => void; disabled?: boolean }) {
  const { t, i18n } = useTranslation('admin-role');
  const english = i18n.language === 'en-US';
  const treeData: TreeDataNode[] = PAGE_GROUPS.map((g) => ({
    key: `g:${g.key}`,
    title: english ? g.en : g.zh,
    children: g.pages.map((p) => ({
      key: pageKey(p.id),
      title: (
        <span data-testid={`page-node-${p.id}`}>
          {english ? p.en : p.zh}
          <span style={{ opacity: 0.55, marginInlineStart: 8 }}>
            {p.path} · {t(`module.${p.module}`)}
          </span>
        </span>
      ),
    })),
  }));
  return (
    <Tree
      checkable
      selectable={false}
      disabled={disabled}
      defaultExpandAll
      treeData={treeData}
      checkedKeys={[...value].map(pageKey)}
      onCheck={(checked) => {
        const keys = Array.isArray(checked) ? checked : checked.checked;
        onChange(new Set(keys.map(String).filter((k) => k.startsWith('p:')).map((k) => Number(k.slice(2)))));
      }}
      data-testid="role-page-tree"
    />
  );
});
