import { useCallback, useEffect, useRef } from 'react';
import type { DragEvent, MouseEvent as ReactMouseEvent, PointerEvent as ReactPointerEvent } from 'react';

const DRAG_THRESHOLD_PX = 5;

/**
 * Pointer-drag over a horizontally scrollable row. The drag range is the row's overflow width,
 * measured after the given delays (SPEC §9), whenever `remeasure` is called (an image loaded or
 * failed), and whenever the row or what it holds changes size (a ResizeObserver on the row and on
 * each of its items). A row drawn after the hook's first effect — the home's reviews, fetched as
 * they come near the screen — was measured before it existed and could never be dragged. A drag
 * also measures at its start, so it never runs on an old figure. Touch keeps native scrolling; a
 * drag suppresses the click that ends it.
 */
export function useDragScroll<T extends HTMLElement>(remeasureDelaysMs: readonly number[]) {
  const element = useRef<T | null>(null);
  const range = useRef(0);
  const drag = useRef<{ x: number; left: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  const observer = useRef<ResizeObserver | null>(null);

  const remeasure = useCallback(() => {
    const el = element.current;
    if (el) range.current = Math.max(0, el.scrollWidth - el.clientWidth);
  }, []);

  /** Watches the row and its items: a card added, a picture or a font loaded changes the range. */
  const observe = useCallback(
    (el: T) => {
      if (typeof ResizeObserver === 'undefined') return;
      observer.current ??= new ResizeObserver(() => {
        const row = element.current;
        // Items drawn since: watched too.
        if (row) for (const child of row.children) observer.current?.observe(child);
        remeasure();
      });
      observer.current.observe(el);
      for (const child of el.children) observer.current.observe(child);
    },
    [remeasure],
  );

  /** The row's ref: it may mount after the hook's first render (a list drawn once its data came). */
  const ref = useCallback(
    (el: T | null) => {
      if (element.current && element.current !== el) observer.current?.disconnect();
      element.current = el;
      if (!el) return;
      remeasure();
      observe(el);
    },
    [observe, remeasure],
  );

  useEffect(() => {
    remeasure();
    const timers = remeasureDelaysMs.map((ms) => setTimeout(remeasure, ms));
    window.addEventListener('resize', remeasure);
    return () => {
      timers.forEach(clearTimeout);
      window.removeEventListener('resize', remeasure);
    };
  }, [remeasure, remeasureDelaysMs]);

  useEffect(() => () => observer.current?.disconnect(), []);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<T>) => {
      const el = element.current;
      if (event.pointerType !== 'mouse' || event.button !== 0 || !el) return;
      remeasure();
      drag.current = { x: event.clientX, left: el.scrollLeft, moved: false };
      suppressClick.current = false;
    },
    [remeasure],
  );

  const onPointerMove = useCallback((event: ReactPointerEvent<T>) => {
    const state = drag.current;
    const el = element.current;
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
