import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { a11y, type IllustrationProps } from './illustration-props';

/** Empty-state illustration for "no data": an empty chart panel. Colours from theme tokens. */
export function EmptyDataIllustration({ width = 160, height, className, style, title, decorative }: IllustrationProps) {
  const { token } = theme.useToken();
  const { t } = useTranslation('widgets');
  const label = title ?? t('empty.noData');
  return (
    <svg viewBox="0 0 160 110" width={width} height={height} className={className} style={style} {...a11y(label, decorative)}>
      {!decorative && <title>{label}</title>}
      <ellipse cx="80" cy="100" rx="64" ry="7" fill={token.colorFillSecondary} />
      <rect x="30" y="16" width="100" height="74" rx="6" fill={token.colorBgContainer} stroke={token.colorBorder} strokeWidth="2" />
      <path d="M42 76 H118 M42 76 V30" stroke={token.colorBorderSecondary} strokeWidth="2" />
      <path d="M48 66 L66 54 L82 60 L100 42 L114 48" fill="none" stroke={token.colorTextQuaternary} strokeWidth="2.5" strokeDasharray="4 4" />
    </svg>
  );
}
