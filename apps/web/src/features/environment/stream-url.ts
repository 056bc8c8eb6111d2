/** Whether a browser can play the URL with hls.js: an HLS playlist (.m3u8) over http(s) or a path of this server. */
export function isHlsUrl(url: string): boolean {
  return /^(https?:\/\/\S+|\/\S+)\.m3u8(\?\S*)?$/i.test(url.trim());
}

/** Whether a URL is served by this origin (our session headers go only there). */
export function isSameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}

/** The grid of a layout: 1 → 1×1, 4 → 2×2, 9 → 3×3. */
export const LAYOUTS = [1, 4, 9] as const;
export type Layout = (typeof LAYOUTS)[number];
export const columnsOf = (layout: Layout) => Math.round(Math.sqrt(layout));
