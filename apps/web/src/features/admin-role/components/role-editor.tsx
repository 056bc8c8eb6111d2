import { Alert, Button, Card, Empty, Flex, Form, Input, Select, Space, Tabs, Tag } from 'antd';
import { useCallback, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOMS, PAGE_GROUPS, type RoleDraft } from '../role-draft';

const CUSTOM_IDS = new Set(CUSTOMS.map((c) => c.id));
import { CustomPermissions } from './custom-permissions';
import { OperationMatrix } from './operation-matrix';
import { PageTree } from './page-tree';

export interface RoleEditorProps {
  /** 'new' for a role being created, null when nothing is selected */
  mode: 'new' | 'edit' | null;
  draft: RoleDraft;
  dirty: boolean;
  saving: boolean;
  /** the caller holds this role: the server refuses edits (self-escalation) */
  ownRole: boolean;
  /** the caller may save (role_create for a new role, role_update otherwise) */
  maySave: boolean;
  userCount: number;
  /** the page's state setter (stable, so the permission panes re-render only when their value changes) */
  onChange: Dispatch<SetStateAction<RoleDraft>>;
  onSave: () => void;
  onCancel: () => void;
}

/** The role editor: name, home page (one of the checked pages), page tree, operation matrix, custom permissions. */
export function RoleEditor({ mode, draft, dirty, saving, ownRole, maySave, userCount, onChange, onSave, onCancel }: RoleEditorProps) {
  const { t, i18n } = useTranslation('admin-role');
  const english = i18n.language === 'en-US';
  const setPages = useCallback((pages: Set<number>) => onChange((d) => ({ ...d, pages })), [onChange]);
  const setAuths = useCallback((auths: Set<number>) => onChange((d) => ({ ...d, auths })), [onChange]);
  if (mode === null) {
    return (
      <Card style={{ height: '100%' }}>
        <Empty description={t('selectRole')} />
      </Card>
    );
  }
  const readOnly = ownRole || !maySave;
  const homeOptions = PAGE_GROUPS.flatMap((g) => g.pages.filter((p) => draft.pages.has(p.id)).map((p) => ({ value: p.id, label: `${english ? p.en : p.zh} (${p.path})` })));
  const homeValid = draft.homePageId === null || draft.pages.has(draft.homePageId);
  const customCount = [...draft.auths].filter((id) => CUSTOM_IDS.has(id)).length;
  const operationCount = draft.auths.size - customCount;
  const set = (patch: Partial<RoleDraft>) => onChange((d) => ({ ...d, ...patch }));
  return (
    <Card
      data-testid="role-editor"
      title={
        <Space>
          {mode === 'new' ? t('newRole') : draft.name || t('untitled')}
          {mode === 'edit' && <Tag>{t('holders', { count: userCount })}</Tag>}
          {dirty && <Tag color="warning">{t('unsaved')}</Tag>}
        </Space>
      }
      extra={
        <Space>
          <Button onClick={onCancel} disabled={!dirty && mode === 'edit'} data-testid="role-cancel">
            {t('common:cancel')}
          </Button>
          <Button type="primary" onClick={onSave} loading={saving} disabled={readOnly || !dirty || draft.name.trim() === ''} data-testid="role-save">
            {t('common:save')}
          </Button>
        </Space>
      }
    >
      {ownRole && <Alert type="info" showIcon title={t('ownRole')} data-testid="role-own" style={{ marginBottom: 12 }} />}
      <Form layout="vertical" disabled={readOnly}>
        <Flex gap={16} wrap>
          <Form.Item label={t('name')} required style={{ flex: '1 1 240px', marginBottom: 12 }}>
            <Input value={draft.name} maxLength={50} onChange={(e) => set({ name: e.target.value })} data-testid="role-name" />
          </Form.Item>
          <Form.Item
            label={t('homePage')}
            style={{ flex: '1 1 320px', marginBottom: 12 }}
            validateStatus={homeValid ? undefined : 'warning'}
            help={homeValid ? t('homePageHelp') : t('homePageUnchecked')}
          >
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('homePageNone')}
              value={homeValid ? (draft.homePageId ?? undefined) : undefined}
              options={homeOptions}
              onChange={(v: number | undefined) => set({ homePageId: v ?? null })}
              data-testid="role-home"
            />
          </Form.Item>
        </Flex>
      </Form>
      <Tabs
        items={[
          { key: 'pages', label: `${t('pagePermissions')} (${draft.pages.size})`, children: <PageTree value={draft.pages} disabled={readOnly} onChange={setPages} /> },
          { key: 'operations', label: `${t('operationPermissions')} (${operationCount})`, children: <OperationMatrix value={draft.auths} disabled={readOnly} onChange={setAuths} /> },
          { key: 'custom', label: `${t('customPermissions')} (${customCount})`, children: <CustomPermissions value={draft.auths} disabled={readOnly} onChange={setAuths} /> },
        ]}
      />
    </Card>
  );
}
