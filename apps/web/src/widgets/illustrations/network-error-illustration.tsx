import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { a11y, type IllustrationProps } from './illustration-props';

/** Empty-state illustration for a lost connection: a broken cable between a server and a meter. Colours from theme tokens. */
export function NetworkErrorIllustration({ width = 240, height, className, style, title, decorative }: IllustrationProps) {
  const { token } = theme.useToken();
  const { t } = useTranslation('widgets');
  const label = title ?? t('empty.networkError');
  return (
    <svg viewBox="0 0 240 180" width={width} height={height} className={className} style={style} {...a11y(label, decorative)}>
      {!decorative && <title>{label}</title>}
      <ellipse cx="120" cy="164" rx="100" ry="10" fill={token.colorFillSecondary} />
      <rect x="22" y="54" width="56" height="100" rx="6" fill={token.colorBgContainer} stroke={token.colorBorder} strokeWidth="2" />
      {[68, 88, 108].map((y) => (
        <g key={y}>
          <rect x="32" y={y} width="36" height="10" rx="2" fill={token.colorFillTertiary} />
          <circle cx="62" cy={y + 5} r="2.5" fill={token.colorPrimary} />
        </g>
      ))}
      <rect x="162" y="78" width="56" height="76" rx="6" fill={token.colorBgContainer} stroke={token.colorBorder} strokeWidth="2" />
      <rect x="172" y="90" width="36" height="16" rx="2" fill={token.colorFillTertiary} />
      <circle cx="190" cy="130" r="12" fill="none" stroke={token.colorTextTertiary} strokeWidth="2" />
      <path d="M78 120 H104 l6 -8" fill="none" stroke={token.colorTextSecondary} strokeWidth="3" strokeLinecap="round" />
      <path d="M162 120 H136 l-6 8" fill="none" stroke={token.colorTextSecondary} strokeWidth="3" strokeLinecap="round" />
      <path d="M112 98 l6 -10 M124 100 l2 -12 M134 104 l8 -8" stroke={token.colorWarning} strokeWidth="3" strokeLinecap="round" />
      <circle cx="120" cy="48" r="20" fill={token.colorErrorBg} stroke={token.colorError} strokeWidth="2" />
      <path d="M112 40 L128 56 M128 40 L112 56" stroke={token.colorError} strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
