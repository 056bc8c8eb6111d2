import type { ReactNode } from 'react';
import { Card, Col, Row, Typography, theme } from 'antd';

export interface Kpi {
  key: string;
  title: string;
  value: ReactNode;
  unit?: string;
  note?: ReactNode;
}

/** A row of KPI cards; each figure carries data-testid `cost-kpi-<key>`. */
export function KpiRow({ items }: { items: readonly Kpi[] }) {
  const { token } = theme.useToken();
  return (
    <Row gutter={[12, 12]}>
      {items.map((k) => (
        <Col key={k.key} flex="1 1 130px">
          <Card size="small" title={k.title}>
            <span style={{ fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong }} data-testid={`cost-kpi-${k.key}`}>
              {k.value}
            </span>
            {k.unit && <Typography.Text type="secondary">{` ${k.unit}`}</Typography.Text>}
            {k.note && (
              <div>
                <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                  {k.note}
                </Typography.Text>
              </div>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
