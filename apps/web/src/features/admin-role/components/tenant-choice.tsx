import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { roleTenantsQuery } from '../api/roles';

/** The tenant whose roles are shown: only the platform operator gets the choice (null = the caller's own). */
export function TenantChoice({ value, onChange }: { value: number | null; onChange: (tenantId: number | null) => void }) {
  const { t, i18n } = useTranslation('admin-role');
  const own = useSession((s) => s.user?.tenantId ?? null);
  const { data: tenants = [] } = useQuery(roleTenantsQuery());
  if (tenants.length === 0) return null;
  const english = i18n.language === 'en-US';
  return (
    <Select
      style={{ width: '100%' }}
      aria-label={t('tenant')}
      value={value ?? own ?? undefined}
      options={tenants.map((x) => ({ value: x.id, label: english && x.enName ? x.enName : x.name }))}
      onChange={(id: number) => onChange(id === own ? null : id)}
      data-testid="role-tenant"
    />
  );
}
