import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Flex } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SCROLLER_UPDATE_DEBOUNCE_MS } from '../constants';
import { debounce } from '../hooks/timing';

export interface ScrollerProps {
  children?: ReactNode;
  /** Pixels per arrow click (default: 80% of the visible width). */
  step?: number;
  gap?: number;
  className?: string;
  style?: CSSProperties;
}

interface Overflow {
  scrollable: boolean;
  atStart: boolean;
  atEnd: boolean;
}

/**
 * Horizontal scroller: a row of items with left/right arrows when it overflows. The arrows are
 * re-measured on resize, debounced 180 ms, and after every scroll.
 */
export function Scroller({ children, step, gap = 8, className, style }: ScrollerProps) {
  const { t } = useTranslation('widgets');
  const viewport = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<Overflow>({ scrollable: false, atStart: true, atEnd: true });

  const measure = useCallback(() => {
    const el = viewport.current;
    if (!el) return;
    const max = el.scrollWidth - el.clientWidth;
    setState({ scrollable: max > 1, atStart: el.scrollLeft <= 0, atEnd: el.scrollLeft >= max - 1 });
  }, []);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    measure();
    const later = debounce(measure, SCROLLER_UPDATE_DEBOUNCE_MS);
    const observer = new ResizeObserver(() => later());
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    window.addEventListener('resize', later);
    return () => {
      later.cancel();
      observer.disconnect();
      window.removeEventListener('resize', later);
    };
  }, [measure]);

  const scrollBy = (direction: 1 | -1) => {
    const el = viewport.current;
    if (!el) return;
    const distance = step ?? Math.max(40, el.clientWidth * 0.8);
    el.scrollLeft = Math.max(0, Math.min(el.scrollWidth - el.clientWidth, el.scrollLeft + direction * distance));
    measure();
  };

  return (
    <Flex align="center" gap={4} className={className} style={style}>
      {state.scrollable && (
        <Button type="text" size="small" aria-label={t('scroller.scrollLeft')} icon={<LeftOutlined />} disabled={state.atStart} onClick={() => scrollBy(-1)} />
      )}
      <div ref={viewport} onScroll={measure} style={{ flex: 1, minWidth: 0, overflow: 'hidden', scrollBehavior: 'smooth' }}>
        <Flex gap={gap} style={{ width: 'max-content' }}>
          {children}
        </Flex>
      </div>
      {state.scrollable && (
        <Button type="text" size="small" aria-label={t('scroller.scrollRight')} icon={<RightOutlined />} disabled={state.atEnd} onClick={() => scrollBy(1)} />
      )}
    </Flex>
  );
}
