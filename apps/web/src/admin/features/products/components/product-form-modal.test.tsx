import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { ProductFormModal } from './product-form-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const types = [{ id: 3, name: 'T-shirts', description: 'Tees', for_custom: false }];
const STOCK_MESSAGE = 'Stock must be a whole number of at least 0';

async function fillBasics(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Linen shirt');
  await user.type(screen.getByLabelText('Price (Da)'), '2000');
  await user.selectOptions(screen.getByLabelText('Type'), '3');
}

describe('product form: stock per size', () => {
  test('refuses a negative or decimal size stock beside the field and keeps the modal open', async () => {
    const fetchMock = stubFetch(() => ({ status: 201, data: {} }));
    const onClose = vi.fn();
    renderWithProviders(<ProductFormModal types={types} onClose={onClose} />);
    const user = userEvent.setup();
    await fillBasics(user);
    const small = screen.getByLabelText('S');
    const large = screen.getByLabelText('L');
    await user.clear(small);
    await user.type(small, '-1');
    await user.clear(large);
    await user.type(large, '1.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findAllByText(STOCK_MESSAGE)).toHaveLength(2);
    expect(small).toHaveAttribute('aria-invalid', 'true');
    expect(large).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('M')).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveValue('Linen shirt');
  });

  test('sends every size stock and their sum as multipart', async () => {
    const fetchMock = stubFetch(() => ({ status: 201, data: { id: 9 } }));
    const onClose = vi.fn();
    renderWithProviders(<ProductFormModal types={types} onClose={onClose} />);
    const user = userEvent.setup();
    await fillBasics(user);
    for (const [size, stock] of [
      ['S', '3'],
      ['M', '5'],
      ['XL', '2'],
    ] as const) {
      const input = screen.getByLabelText(size);
      await user.clear(input);
      await user.type(input, stock);
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/product');
    const body = init?.body as FormData;
    expect(body.get('size_s')).toBe('3');
    expect(body.get('size_m')).toBe('5');
    expect(body.get('size_l')).toBe('0');
    expect(body.get('size_xl')).toBe('2');
    expect(body.get('stock')).toBe('10');
    expect(body.get('type_id')).toBe('3');
  });

  test('a product not sold by size has a single stock and no size fields', async () => {
    const fetchMock = stubFetch(() => ({ status: 201, data: { id: 9 } }));
    renderWithProviders(<ProductFormModal types={types} onClose={() => undefined} />);
    const user = userEvent.setup();
    await fillBasics(user);
    await user.click(screen.getByLabelText('Sold by size (S to XXL)'));
    expect(screen.queryByLabelText('S')).not.toBeInTheDocument();
    const stock = screen.getByLabelText('Stock');
    await user.clear(stock);
    await user.type(stock, '-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(STOCK_MESSAGE)).toBeInTheDocument();
    await user.clear(stock);
    await user.type(stock, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = fetchMock.mock.calls[0]![1]?.body as FormData;
    expect(body.get('stock')).toBe('12');
    expect(body.has('size_s')).toBe(false);
  });

  test('a refused save keeps the modal open with the values typed', async () => {
    stubFetch(() => ({ status: 400, message: 'Name already used' }));
    const onClose = vi.fn();
    renderWithProviders(<ProductFormModal types={types} onClose={onClose} />);
    const user = userEvent.setup();
    await fillBasics(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Linen shirt');
    expect(screen.getByLabelText('Price (Da)')).toHaveValue('2000');
  });
});
