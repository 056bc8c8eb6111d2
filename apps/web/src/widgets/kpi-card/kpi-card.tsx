import type { CSSProperties, ReactNode } from 'react';
import { Card, Col, Row, Statistic, Typography, theme, type ColProps } from 'antd';
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

/** A card of a row, by its key. */
export interface KpiItem extends Omit<KpiCardProps, 'style'> {
  key: string;
}

export interface KpiRowProps {
  items: readonly KpiItem[];
  /** Each card's column: spans per breakpoint, or a flex basis. */
  col: ColProps;
  /** Cards as tall as the row's tallest. */
  fill?: boolean;
  /** Columns of the page's own after the cards. */
  children?: ReactNode;
}

/** The key figures of a page, one card a column, wrapped on a narrow screen. */
export function KpiRow({ items, col, fill, children }: KpiRowProps) {
  const { token } = theme.useToken();
  return (
    <Row gutter={[token.margin, token.margin]}>
      {items.map(({ key, ...card }) => (
        <Col key={key} {...col}>
          <KpiCard {...card} style={fill ? { height: '100%' } : undefined} />
        </Col>
      ))}
      {children}
    </Row>
  );
}
