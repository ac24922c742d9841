import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { PRICE_SLIDER_GAP, PRICE_SLIDER_MAX, PRICE_SLIDER_MIN } from '@shop/domain/constants';
import { clampPriceHandle, PriceSlider } from './price-slider.tsx';

describe('clampPriceHandle', () => {
  it('keeps each handle at least the gap from the other', () => {
    expect(PRICE_SLIDER_GAP).toBe(500);
    expect(clampPriceHandle('max', 100, 0)).toBe(500);
    expect(clampPriceHandle('max', 0, 1200)).toBe(1700);
    expect(clampPriceHandle('min', 4900, 5000)).toBe(4500);
    expect(clampPriceHandle('min', 3000, 1000)).toBe(500);
  });

  it('lets a handle move freely outside the gap, and never off the slider', () => {
    expect(clampPriceHandle('max', 2500, 1000)).toBe(2500);
    expect(clampPriceHandle('min', 1000, 2500)).toBe(1000);
    expect(clampPriceHandle('min', 200, 600)).toBe(100);
    expect(clampPriceHandle('min', -50, 3000)).toBe(PRICE_SLIDER_MIN);
    expect(clampPriceHandle('max', 9000, 3000)).toBe(PRICE_SLIDER_MAX);
    expect(clampPriceHandle('max', 4800, 4700)).toBe(PRICE_SLIDER_MAX);
  });
});

describe('PriceSlider', () => {
  it('shows and applies each handle stopped at the gap when pushed past the other', () => {
    const onApply = vi.fn();
    render(<PriceSlider min={0} max={5000} onApply={onApply} />);
    const min = screen.getByRole('slider', { name: 'Prix minimum' });
    const max = screen.getByRole('slider', { name: 'Prix maximum' });

    fireEvent.change(max, { target: { value: '100' } });
    expect(max).toHaveValue('500');
    fireEvent.change(min, { target: { value: '2000' } });
    expect(min).toHaveValue('0');
    // The labels say what the handles show.
    expect(screen.getByText(/^0,00\sDa$/)).toBeInTheDocument();
    expect(screen.getByText(/^500,00\sDa$/)).toBeInTheDocument();

    fireEvent.change(max, { target: { value: '3000' } });
    fireEvent.change(min, { target: { value: '2900' } });
    expect(min).toHaveValue('2500');
    fireEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(onApply).toHaveBeenCalledWith(2500, 3000);
  });
});
