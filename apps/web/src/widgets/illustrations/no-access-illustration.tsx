import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { a11y, type IllustrationProps } from './illustration-props';

/** Empty-state illustration for a page the user may not open: a locked control cabinet. Colours from theme tokens. */
export function NoAccessIllustration({ width = 240, height, className, style, title, decorative }: IllustrationProps) {
  const { token } = theme.useToken();
  const { t } = useTranslation('widgets');
  const label = title ?? t('empty.noAccess');
  return (
    <svg viewBox="0 0 240 180" width={width} height={height} className={className} style={style} {...a11y(label, decorative)}>
      {!decorative && <title>{label}</title>}
      <ellipse cx="120" cy="164" rx="96" ry="10" fill={token.colorFillSecondary} />
      <rect x="62" y="24" width="116" height="136" rx="8" fill={token.colorBgContainer} stroke={token.colorBorder} strokeWidth="2" />
      <path d="M120 24 V160" stroke={token.colorBorderSecondary} strokeWidth="2" />
      {[44, 64, 84].map((y) => (
        <rect key={y} x="74" y={y} width="34" height="8" rx="2" fill={token.colorFillTertiary} />
      ))}
      <circle cx="146" cy="52" r="6" fill={token.colorSuccessBg} stroke={token.colorSuccess} strokeWidth="2" />
      <circle cx="146" cy="74" r="6" fill={token.colorErrorBg} stroke={token.colorError} strokeWidth="2" />
      <g>
        <path d="M108 112 V100 a12 12 0 0 1 24 0 V112" fill="none" stroke={token.colorTextSecondary} strokeWidth="5" />
        <rect x="100" y="110" width="40" height="32" rx="5" fill={token.colorWarning} />
        <circle cx="120" cy="123" r="4" fill={token.colorBgContainer} />
        <rect x="118" y="125" width="4" height="9" rx="1" fill={token.colorBgContainer} />
      </g>
    </svg>
  );
}
