import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useDragScroll } from './use-drag-scroll.ts';

const DELAYS = [500, 1000] as const;

/** A draggable row that is drawn only once its items came (as the home's reviews are). */
function Row({ items }: { items: string[] }) {
  const { ref, handlers } = useDragScroll<HTMLUListElement>(DELAYS);
  if (items.length === 0) return <p>…</p>;
  return (
    <ul ref={ref} {...handlers} data-testid="row">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useDragScroll', () => {
  it('drags with a mouse a row drawn after its delays had passed (the range is measured again)', () => {
    vi.useFakeTimers();
    // The row is 300 px wide and holds 1 100 px of cards.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.tagName === 'UL' ? 1100 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.tagName === 'UL' ? 300 : 0;
    });
    const { rerender } = render(<Row items={[]} />);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    rerender(<Row items={['a', 'b', 'c', 'd']} />);
    const row = screen.getByTestId('row');
    fireEvent.pointerDown(row, { pointerType: 'mouse', button: 0, clientX: 500 });
    fireEvent.pointerMove(row, { pointerType: 'mouse', clientX: 300 });
    expect(row.scrollLeft).toBe(200);
    // Never past the end of the cards.
    fireEvent.pointerMove(row, { pointerType: 'mouse', clientX: -900 });
    expect(row.scrollLeft).toBe(800);
    fireEvent.pointerUp(row);
  });

  it('watches the row and its cards for size changes', () => {
    const observed: Element[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe(el: Element) {
          observed.push(el);
        }
        disconnect() {}
        unobserve() {}
      },
    );
    try {
      render(<Row items={['a', 'b']} />);
      const row = screen.getByTestId('row');
      expect(observed).toEqual([row, ...row.children]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
