import type { CSSProperties } from 'react';

/** Common props of the inline SVG illustrations; they scale to `width`. */
export interface IllustrationProps {
  width?: number | string;
  height?: number | string;
  className?: string;
  style?: CSSProperties;
  /** Accessible name; defaults to the illustration's translated caption. */
  title?: string;
  /** Hidden from assistive technology, no title (when a visible caption says the same). */
  decorative?: boolean;
}

/** The accessibility attributes of an illustration's root svg. */
export function a11y(label: string, decorative: boolean | undefined) {
  return decorative ? ({ 'aria-hidden': true } as const) : ({ role: 'img', 'aria-label': label } as const);
}
