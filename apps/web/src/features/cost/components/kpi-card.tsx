import type { ReactNode } from 'react';
import { Card, Typography, theme } from 'antd';

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
    // the cost pages draw their KPI row once all their data is there: the speed bench's marker (bench/pages.ts)
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: token.marginSM }} data-ready>
      {items.map((k) => (
        <div key={k.key}>
          {/* a long (English) title ends in an ellipsis: the whole title on hover */}
          <Card size="small" title={<span title={k.title}>{k.title}</span>} style={{ height: '100%' }}>
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
        </div>
      ))}
    </div>
  );
}
