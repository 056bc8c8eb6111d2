import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select, type FormRule } from 'antd';
import { EMAIL_PATTERN, USER_NAME_MAX, USER_NAME_PATTERN, type AdminUser, type AdminUserCreate, type AdminUserUpdate } from '@ems/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createSaver } from '../../../lib/http/query';
// module paths rather than the widgets index, which also registers the ECharts charts
import { EditDialog } from '../../../widgets/edit-dialog/edit-dialog';
import { VALIDATE_ON_BLUR, trimValues, useFormRules } from '../../../widgets/form-rules';
import { userGroupOptionsQuery, userProjectOptionsQuery, userRoleOptionsQuery, userTenantOptionsQuery } from '../api/options';
import { createUser, updateUser } from '../api/users';
import { USER_TYPES } from './user-types';

type FormValues = {
  name: string;
  nicName: string;
  email?: string;
  mobilePhone?: string;
  usertype: number;
  tenantId: number;
  projectIds: number[];
  roleIds: number[];
  groupIds: number[];
  password?: string;
  confirmPassword?: string;
};

const NAME_RE = new RegExp(USER_NAME_PATTERN, 'u');
const EMAIL_RE = new RegExp(EMAIL_PATTERN);

export interface UserFormDialogProps {
  open: boolean;
  /** null: create */
  user: AdminUser | null;
  /** the caller's own tenant */
  ownTenantId: number;
  /** the tenant the page shows (a new user's default) */
  tenantId: number;
  /** the caller may choose another tenant (platform operator) */
  operator: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Create or edit a user: spec section 5's name, phone and password rules on blur and on submit;
 * projects, roles and groups of the chosen tenant (the tenant choice is the operator's, at creation).
 */
export function UserFormDialog({ open, user, ownTenantId, tenantId, operator, onClose, onSaved }: UserFormDialogProps) {
  const { t, i18n } = useTranslation('admin-user');
  const { t: tw } = useTranslation('widgets');
  const rules = useFormRules();
  const [form] = Form.useForm<FormValues>();
  const english = i18n.language === 'en-US';
  const chosen = Form.useWatch('tenantId', form) ?? user?.tenantId ?? tenantId;
  const scope = chosen === ownTenantId ? undefined : chosen;
  const enabled = open;
  const roles = useQuery({ ...userRoleOptionsQuery(scope), enabled });
  const groups = useQuery({ ...userGroupOptionsQuery(scope), enabled });
  const projects = useQuery({ ...userProjectOptionsQuery(scope, english), enabled });
  const tenants = useQuery({ ...userTenantOptionsQuery(english), enabled: enabled && operator });

  const saver = useMemo(
    () =>
      createSaver((v: FormValues) => {
        const edit: AdminUserUpdate = {
          nicName: v.nicName,
          email: v.email ?? '',
          mobilePhone: v.mobilePhone ?? '',
          usertype: v.usertype,
          projectIds: v.projectIds ?? [],
          roleIds: v.roleIds ?? [],
          groupIds: v.groupIds ?? [],
        };
        if (user) return updateUser(user.id, user.tenantId === ownTenantId ? undefined : user.tenantId, edit);
        const body: AdminUserCreate = { ...edit, name: v.name, password: v.password ?? '', ...(v.tenantId === ownTenantId ? {} : { tenantId: v.tenantId }) };
        return createUser(body);
      }),
    [user, ownTenantId],
  );

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user)
      form.setFieldsValue({
        name: user.name,
        nicName: user.nicName,
        email: user.email,
        mobilePhone: user.mobilePhone,
        usertype: user.usertype,
        tenantId: user.tenantId,
        projectIds: user.projects.map((p) => p.id),
        roleIds: user.roles.map((r) => r.id),
        groupIds: user.groups.map((g) => g.id),
      });
    else form.setFieldsValue({ usertype: 4, tenantId, projectIds: [], roleIds: [], groupIds: [] });
  }, [open, user, tenantId, form]);

  const submit = async () => {
    let values: FormValues;
    try {
      values = trimValues(await form.validateFields());
    } catch {
      return false;
    }
    return (await saver.save(values)).status === 'ok';
  };

  const nameRules: FormRule[] = [
    ...rules.required(t('name')),
    ...rules.name(USER_NAME_MAX),
    ...rules.noSpaces(),
    { validateTrigger: 'onBlur', validator: async (_r, v: unknown) => (typeof v !== 'string' || v.trim() === '' || NAME_RE.test(v.trim()) ? undefined : Promise.reject(new Error(t('namePattern')))) },
  ];
  const emailRules: FormRule[] = [
    { max: 255, message: tw('validation.lengthRange', { max: 255 }) },
    { validateTrigger: 'onBlur', validator: async (_r, v: unknown) => (typeof v !== 'string' || EMAIL_RE.test(v.trim()) ? undefined : Promise.reject(new Error(t('emailInvalid')))) },
  ];
  const multi = (q: { data?: { value: number; label: string }[]; isLoading: boolean }, testId: string) => (
    <Select mode="multiple" allowClear showSearch optionFilterProp="label" loading={q.isLoading} options={q.data ?? []} data-testid={testId} maxTagCount="responsive" />
  );

  return (
    <EditDialog
      open={open}
      width={760}
      title={<span data-testid="user-dialog-title">{user ? t('editTitle') : t('createTitle')}</span>}
      beforeConfirm={submit}
      successMessage={t('common:saveSucceeded')}
      onConfirm={onSaved}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" {...VALIDATE_ON_BLUR} data-testid="user-form" autoComplete="off">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={t('name')} rules={user ? [] : nameRules} required>
              <Input data-testid="user-name" disabled={user !== null} maxLength={USER_NAME_MAX} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nicName" label={t('nicName')} rules={[...rules.required(t('nicName')), ...rules.name(USER_NAME_MAX)]} required>
              <Input data-testid="user-nicname" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="email" label={t('email')} rules={emailRules}>
              <Input data-testid="user-email" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="mobilePhone" label={t('mobilePhone')} rules={rules.mobilePhone()}>
              <Input data-testid="user-phone" maxLength={11} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="usertype" label={t('usertype')} rules={rules.select(t('usertype'))} required>
              <Select data-testid="user-type" options={USER_TYPES.map((n) => ({ value: n, label: `${n} · ${t(`types.${n}`)}` }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            {/* the tenant: chosen by the operator at creation, shown otherwise */}
            <Form.Item name="tenantId" label={t('tenant')} hidden={!operator}>
              <Select
                data-testid="user-tenant"
                disabled={user !== null}
                options={tenants.data ?? []}
                onChange={() => form.setFieldsValue({ projectIds: [], roleIds: [], groupIds: [] })}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="projectIds" label={t('projects')}>
              {multi(projects, 'user-projects')}
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="roleIds" label={t('roles')}>
              {multi(roles, 'user-roles')}
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="groupIds" label={t('groups')}>
              {multi(groups, 'user-groups')}
            </Form.Item>
          </Col>
          {!user && (
            <>
              <Col span={12}>
                <Form.Item name="password" label={t('password')} rules={rules.newPassword()} extra={t('passwordHint')} required>
                  <Input.Password data-testid="user-password" autoComplete="new-password" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="confirmPassword" label={t('confirmPassword')} dependencies={['password']} rules={rules.confirmPassword('password')} required>
                  <Input.Password data-testid="user-password-confirm" autoComplete="new-password" />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
      </Form>
    </EditDialog>
  );
}
