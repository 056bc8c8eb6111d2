import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Typography, theme } from 'antd';
import { changeTone, formatChange } from '../dashboard-view';

/** A 同比/环比 figure: label and the change in %, up in the error colour, down in the success colour. */
export function ChangeFigure({ label, pct, testId }: { label: string; pct: number | null; testId: string }) {
  const { token } = theme.useToken();
  const tone = changeTone(pct);
  const color = tone === 'up' ? token.colorError : tone === 'down' ? token.colorSuccess : token.colorTextSecondary;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {label}{' '}
      </Typography.Text>
      <span style={{ color, fontSize: token.fontSizeSM }} data-testid={testId} data-tone={tone}>
        {tone === 'up' && <ArrowUpOutlined />}
        {tone === 'down' && <ArrowDownOutlined />} {formatChange(pct)}
      </span>
    </span>
  );
}
