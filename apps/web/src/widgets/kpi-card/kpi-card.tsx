import type { CSSProperties, ReactNode } from 'react';
import { Card, Statistic, Typography, theme } from 'antd';
import { NO_VALUE } from '@ems/domain';

export interface KpiCardProps {
  title: ReactNode;
  /** The figure as shown; '--' (no value) drops the prefix and the unit. */
  value?: string;
  /** Draws the figure instead of `value` (a grade tag). */
  valueRender?: () => ReactNode;
  unit?: ReactNode;
  prefix?: ReactNode;
  /** A line of small secondary text under the figure. */
  hint?: ReactNode;
  /** data-testid of the figure. */
  testId?: string;
  style?: CSSProperties;
  /** What stands between the figure and the hint (a grade tag). */
  children?: ReactNode;
}

/** One key figure of a page: a small card with the figure, its unit, and an optional hint below. */
export function KpiCard({ title, value, valueRender, unit, prefix, hint, testId, style, children }: KpiCardProps) {
  const { token } = theme.useToken();
  const none = value === NO_VALUE;
  return (
    <Card size="small" style={style}>
      <Statistic title={title} value={value} valueRender={valueRender} prefix={none ? undefined : prefix} suffix={none ? undefined : unit} data-testid={testId} />
      {children}
      {hint && (
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {hint}
        </Typography.Text>
      )}
    </Card>
  );
}
