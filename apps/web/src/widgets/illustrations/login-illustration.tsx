import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { a11y, type IllustrationProps } from './illustration-props';

/**
 * Large login-page illustration: a substation (pylons, lines, transformer), an energy meter and
 * consumption charts. Every colour comes from the antd theme tokens, so it follows light and dark.
 */
export function LoginIllustration({ width = '100%', height, className, style, title, decorative }: IllustrationProps) {
  const { token } = theme.useToken();
  const { t } = useTranslation('widgets');
  const label = title ?? t('empty.loginIllustration');
  const line = token.colorTextTertiary;
  const primary = token.colorPrimary;
  const soft = token.colorPrimaryBg;
  const card = token.colorBgContainer;
  const border = token.colorBorderSecondary;
  const bars = [46, 70, 58, 92, 76, 104, 88];

  return (
    <svg viewBox="0 0 480 360" width={width} height={height} className={className} style={style} {...a11y(label, decorative)}>
      {!decorative && <title>{label}</title>}
      {/* ground and glow */}
      <ellipse cx="240" cy="320" rx="220" ry="26" fill={soft} />
      <circle cx="240" cy="170" r="150" fill={soft} opacity="0.55" />
      {/* pylons with transmission lines */}
      {[60, 420].map((x) => (
        <g key={x} stroke={line} strokeWidth="3" fill="none" strokeLinejoin="round">
          <path d={`M${x - 24} 318 L${x} 120 L${x + 24} 318`} />
          <path d={`M${x - 34} 150 H${x + 34} M${x - 26} 190 H${x + 26}`} />
          <path d={`M${x - 16} 250 L${x + 12} 190 M${x + 16} 250 L${x - 12} 190`} />
        </g>
      ))}
      <path d="M26 150 Q150 186 240 150 T454 150" stroke={primary} strokeWidth="2" fill="none" />
      <path d="M34 190 Q150 222 240 190 T446 190" stroke={primary} strokeWidth="2" fill="none" opacity="0.6" />
      {/* substation transformer */}
      <g>
        <rect x="170" y="206" width="140" height="96" rx="8" fill={card} stroke={border} strokeWidth="2" />
        {[186, 206, 226, 246, 266, 286].map((x) => (
          <rect key={x} x={x} y="218" width="8" height="72" rx="3" fill={token.colorFillSecondary} />
        ))}
        <rect x="196" y="182" width="16" height="26" rx="4" fill={primary} />
        <rect x="232" y="174" width="16" height="34" rx="4" fill={primary} />
        <rect x="268" y="182" width="16" height="26" rx="4" fill={primary} />
        <path d="M204 182 V160 M240 174 V150 M276 182 V160" stroke={line} strokeWidth="3" />
        <path d="M232 238 L246 238 L236 258 L250 258 L228 286 L236 264 L224 264 Z" fill={token.colorWarning} />
      </g>
      {/* energy meter */}
      <g>
        <rect x="330" y="222" width="70" height="82" rx="8" fill={card} stroke={border} strokeWidth="2" />
        <rect x="340" y="232" width="50" height="20" rx="3" fill={token.colorFillTertiary} />
        <text x="365" y="247" textAnchor="middle" fontSize="12" fontFamily="monospace" fill={primary}>
          0428.6
        </text>
        <circle cx="365" cy="278" r="14" fill="none" stroke={line} strokeWidth="2" />
        <path d="M365 278 L374 270" stroke={token.colorSuccess} strokeWidth="3" strokeLinecap="round" />
      </g>
      {/* consumption chart card */}
      <g>
        <rect x="84" y="40" width="180" height="112" rx="10" fill={card} stroke={border} strokeWidth="2" />
        {bars.map((h, i) => (
          <rect key={i} x={100 + i * 22} y={140 - h * 0.85} width="12" height={h * 0.85} rx="2" fill={i === 5 ? primary : token.colorPrimaryBorder} />
        ))}
        <polyline points="106,100 128,86 150,92 172,64 194,74 216,50 238,60" fill="none" stroke={token.colorSuccess} strokeWidth="2.5" />
      </g>
      {/* gauge card */}
      <g>
        <rect x="290" y="58" width="120" height="86" rx="10" fill={card} stroke={border} strokeWidth="2" />
        <path d="M314 124 A36 36 0 0 1 386 124" fill="none" stroke={token.colorFillSecondary} strokeWidth="10" />
        <path d="M314 124 A36 36 0 0 1 368 93" fill="none" stroke={primary} strokeWidth="10" />
        <path d="M350 124 L366 100" stroke={token.colorText} strokeWidth="3" strokeLinecap="round" />
        <circle cx="350" cy="124" r="5" fill={token.colorText} />
      </g>
      {/* cable to meter */}
      <path d="M310 262 H330" stroke={line} strokeWidth="3" />
    </svg>
  );
}
