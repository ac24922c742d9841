import { useCallback, useEffect, useRef } from 'react';
import type { DragEvent, MouseEvent as ReactMouseEvent, PointerEvent as ReactPointerEvent } from 'react';

const DRAG_THRESHOLD_PX = 5;

/**
 * Pointer-drag over a horizontally scrollable row. The drag range is the row's overflow width,
 * re-measured after the given delays and whenever `remeasure` is called (an image loaded or failed).
 * Touch keeps native scrolling; a drag suppresses the click that ends it.
 */
export function useDragScroll<T extends HTMLElement>(remeasureDelaysMs: readonly number[]) {
  const ref = useRef<T>(null);
  const range = useRef(0);
  const drag = useRef<{ x: number; left: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);

  const remeasure = useCallback(() => {
    const el = ref.current;
    if (el) range.current = Math.max(0, el.scrollWidth - el.clientWidth);
  }, []);

  useEffect(() => {
    remeasure();
    const timers = remeasureDelaysMs.map((ms) => setTimeout(remeasure, ms));
    window.addEventListener('resize', remeasure);
    return () => {
      timers.forEach(clearTimeout);
      window.removeEventListener('resize', remeasure);
    };
  }, [remeasure, remeasureDelaysMs]);

  const onPointerDown = useCallback((event: ReactPointerEvent<T>) => {
    if (event.pointerType !== 'mouse' || event.button !== 0 || !ref.current) return;
    drag.current = { x: event.clientX, left: ref.current.scrollLeft, moved: false };
    suppressClick.current = false;
  }, []);

  const onPointerMove = useCallback((event: ReactPointerEvent<T>) => {
    const state = drag.current;
    const el = ref.current;
    if (!state || !el) return;
    const dx = event.clientX - state.x;
    if (!state.moved && Math.abs(dx) < DRAG_THRESHOLD_PX) return;
    if (!state.moved) {
      state.moved = true;
      el.setPointerCapture?.(event.pointerId);
    }
    event.preventDefault();
    // Right to left (the Arabic storefront), scrollLeft runs from 0 down to -range.
    const next = state.left - dx;
    el.scrollLeft =
      getComputedStyle(el).direction === 'rtl'
        ? Math.max(-range.current, Math.min(0, next))
        : Math.min(range.current, Math.max(0, next));
  }, []);

  const onPointerUp = useCallback(() => {
    suppressClick.current = drag.current?.moved ?? false;
    drag.current = null;
  }, []);

  const onClickCapture = useCallback((event: ReactMouseEvent<T>) => {
    if (suppressClick.current) {
      event.preventDefault();
      event.stopPropagation();
      suppressClick.current = false;
    }
  }, []);

  return {
    ref,
    remeasure,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: onPointerUp,
      onClickCapture,
      onDragStart: (event: DragEvent) => event.preventDefault(),
    },
  };
}
