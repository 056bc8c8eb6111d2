import { Spin, theme } from 'antd';
import { useLoadingCount } from './loading';

/** Full-screen overlay while requests run: white at 50% opacity (spec section 4). */
export function LoadingOverlay() {
  const count = useLoadingCount((s) => s.count);
  const { token } = theme.useToken();
  if (count <= 0) return null;
  return (
    <div
      data-testid="loading-overlay"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: token.zIndexPopupBase + 100,
        background: `color-mix(in srgb, ${token.colorWhite} 50%, transparent)`,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Spin size="large" />
    </div>
  );
}
