import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyDataIllustration, NetworkErrorIllustration, NoAccessIllustration } from '../illustrations';

export type EmptyStateKind = 'noData' | 'noAccess' | 'networkError';

export interface EmptyStateProps {
  /** Which illustration and caption (default 'noData'). */
  kind?: EmptyStateKind;
  /** Replaces the translated caption. */
  description?: ReactNode;
  /** Actions under the caption, e.g. a retry button. */
  children?: ReactNode;
  /** Illustration width in px. */
  size?: number;
}

const HINT: Partial<Record<EmptyStateKind, string>> = { noAccess: 'empty.noAccessHint', networkError: 'empty.networkErrorHint' };

/** Empty state with an illustration and a translated caption (and hint for no access / network error). */
export function EmptyState({ kind = 'noData', description, children, size }: EmptyStateProps) {
  const { t } = useTranslation('widgets');
  const hint = HINT[kind];
  const art =
    kind === 'noAccess' ? (
      <NoAccessIllustration width={size} decorative />
    ) : kind === 'networkError' ? (
      <NetworkErrorIllustration width={size} decorative />
    ) : (
      <EmptyDataIllustration width={size} decorative />
    );
  return (
    <Flex vertical align="center" justify="center" gap={8} style={{ padding: 24, height: '100%' }}>
      {art}
      <Typography.Text type="secondary" strong={kind !== 'noData'}>
        {description ?? t(`empty.${kind}`)}
      </Typography.Text>
      {hint && description === undefined && <Typography.Text type="secondary">{t(hint)}</Typography.Text>}
      {children}
    </Flex>
  );
}
