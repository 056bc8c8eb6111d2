import { useEffect, useRef, useState } from 'react';
import { Alert, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { sessionHeaders } from '../../../lib/http/client';
import { isHlsUrl, isSameOrigin } from '../stream-url';

/**
 * One camera: the HLS stream played with hls.js (loaded on demand, so only this page pays for it),
 * muted and looping; this server's streams get the session headers (they need a signed-in user with
 * page_videoMonitor), other hosts none. A stream that cannot play says why. `onSettled` hears
 * whether the player shows its stream or its error (true) or is still loading (false; false again
 * when it goes away).
 */
export function HlsPlayer({ url, name, onSettled }: { url: string; name: string; onSettled?: (settled: boolean) => void }) {
  const { t } = useTranslation('environment');
  const { token } = theme.useToken();
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const settled = playing || error !== null;
  const report = useRef(onSettled);
  useEffect(() => {
    report.current = onSettled;
  });
  useEffect(() => report.current?.(settled), [settled]);
  useEffect(() => () => report.current?.(false), []);

  useEffect(() => {
    setError(null);
    setPlaying(false);
    const el = video.current;
    if (!el) return;
    if (!url) return setError(t('streamMissing'));
    if (!isHlsUrl(url)) return setError(t('streamUnsupported', { url }));
    let cancelled = false;
    let destroy: (() => void) | undefined;
    import('hls.js/light')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          if (el.canPlayType('application/vnd.apple.mpegurl')) el.src = url;
          else setError(t('streamFailed', { reason: 'Media Source Extensions' }));
          return;
        }
        const origin = window.location.origin;
        const hls = new Hls({
          manifestLoadingMaxRetry: 1,
          xhrSetup: (xhr, requestUrl) => {
            if (!isSameOrigin(requestUrl, origin)) return;
            for (const [k, v] of Object.entries(sessionHeaders())) xhr.setRequestHeader(k, v);
          },
        });
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (!data.fatal) return;
          const status = data.response?.code ? ` (HTTP ${data.response.code})` : '';
          setError(t('streamFailed', { reason: `${data.details}${status}` }));
          hls.destroy();
        });
        hls.on(Hls.Events.MANIFEST_PARSED, () => void el.play().catch(() => undefined));
        hls.loadSource(url);
        hls.attachMedia(el);
        destroy = () => hls.destroy();
      })
      .catch((e: unknown) => setError(t('streamFailed', { reason: e instanceof Error ? e.message : String(e) })));
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [url, t]);

  return (
    <div style={{ position: 'relative', background: token.colorBgSpotlight, aspectRatio: '16 / 9', borderRadius: token.borderRadius, overflow: 'hidden' }}>
      <video
        ref={video}
        data-testid="camera-video"
        aria-label={name}
        muted
        loop
        autoPlay
        playsInline
        controls
        onPlaying={() => setPlaying(true)}
        style={{ width: '100%', height: '100%', objectFit: 'contain', display: error ? 'none' : 'block' }}
      />
      {!error && !playing && (
        <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}>
          <Spin size="small" />
          <span style={{ marginLeft: token.marginXS, color: token.colorTextLightSolid }}>{t('loadingStream')}</span>
        </div>
      )}
      {error && (
        <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: token.padding }}>
          <Alert type="error" showIcon title={error} data-testid="camera-error" />
        </div>
      )}
    </div>
  );
}
