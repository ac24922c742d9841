import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { DiscountInput } from './discount-input.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('inline discount', () => {
  test.each(['150', '-5'])('refuses %s with the bounds message and calls nothing', async (value) => {
    const fetchMock = stubFetch(() => ({ data: null }));
    renderWithProviders(<DiscountInput productId={4} productName="Hoodie" value={10} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Discount of Hoodie');
    await user.clear(input);
    await user.type(input, `${value}{Enter}`);
    expect(await screen.findByText('Discount must be between 0 and 100')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('a value within 0-100 is saved with PUT /product/updateDiscount/{id}', async () => {
    const fetchMock = stubFetch(() => ({ data: null }));
    renderWithProviders(<DiscountInput productId={4} productName="Hoodie" value={10} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Discount of Hoodie');
    await user.clear(input);
    await user.type(input, '25');
    await user.tab();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/product/updateDiscount/4');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({ discount_percentage: 25 });
    expect(screen.queryByText('Discount must be between 0 and 100')).not.toBeInTheDocument();
  });
});
