import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@shop/domain/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSent, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import type { Product } from '../../../lib/types.ts';
import { ProductFormModal } from './product-form-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const types = [
  { id: 3, name: 'T-shirts', description: 'Tees', name_ar: null, description_ar: null, for_custom: false },
];
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
    // No Arabic text given: sent empty, the Arabic storefront shows the French name.
    expect(body.get('name_ar')).toBe('');
  });

  test('sends the optional Arabic name and description', async () => {
    const fetchMock = stubFetch(() => ({ status: 201, data: { id: 9 } }));
    const onClose = vi.fn();
    renderWithProviders(<ProductFormModal types={types} onClose={onClose} />);
    const user = userEvent.setup();
    await fillBasics(user);
    await user.type(screen.getByLabelText('Arabic name (optional)'), 'قميص كتان');
    await user.type(screen.getByLabelText('Arabic description (optional)'), 'قميص صيفي خفيف');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = fetchMock.mock.calls[0]![1]?.body as FormData;
    expect(body.get('name_ar')).toBe('قميص كتان');
    expect(body.get('description_ar')).toBe('قميص صيفي خفيف');
  });

  test('a product not sold by size has a single stock and no size fields', async () => {
    const fetchMock = stubFetch(() => ({ status: 201, data: { id: 9 } }));
    renderWithProviders(<ProductFormModal types={types} onClose={() => undefined} />);
    const user = userEvent.setup();
    await fillBasics(user);
    await user.click(screen.getByLabelText('Sold by size or colour (clothing)'));
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

describe('product form: images checked as they are chosen', () => {
  beforeEach(() => {
    // jsdom has no object URLs and decodes no image: the browser's part is stubbed.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
    vi.stubGlobal('createImageBitmap', (file: File) =>
      file.name.startsWith('broken')
        ? Promise.reject(new Error('cannot decode'))
        : Promise.resolve({ width: 800, height: 600, close: () => undefined }),
    );
  });

  test('refuses a file that is not an image, one over 8 MB and one that does not decode, and adds the rest', async () => {
    const fetchMock = stubFetch(() => ({ status: 201, data: { id: 9 } }));
    const onClose = vi.fn();
    renderWithProviders(<ProductFormModal types={types} onClose={onClose} />);
    // The owner picks "All files" in the file chooser: the accept attribute is only a hint.
    const user = userEvent.setup({ applyAccept: false });
    await fillBasics(user);
    const photo = new File([new Uint8Array(2000)], 'shirt.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Images'), [
      new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' }),
      new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' }),
      new File(['not really'], 'broken.png', { type: 'image/png' }),
      photo,
    ]);

    const alert = await screen.findByText('"invoice.pdf" is not an image (JPEG, PNG, WebP…): it was not added.');
    expect(screen.getByText('"huge.jpg" is larger than 8 MB: it was not added.')).toBeInTheDocument();
    expect(screen.getByText('"broken.png" is not an image (JPEG, PNG, WebP…): it was not added.')).toBeInTheDocument();
    expect(alert.parentElement).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Images')).toHaveAttribute('aria-invalid', 'true');
    // Only the real picture has a preview.
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['shirt.jpg']);
    expect(screen.queryByRole('button', { name: 'Remove invoice.pdf' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = fetchMock.mock.calls[0]![1]?.body as FormData;
    expect(body.getAll('images[]').map((file) => (file as File).name)).toEqual(['shirt.jpg']);
  });

  test('a good choice after a refused one clears the message', async () => {
    stubFetch(() => undefined);
    renderWithProviders(<ProductFormModal types={types} onClose={() => undefined} />);
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Images');
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('"notes.txt" is not an image');
    await user.upload(input, new File([new Uint8Array(10)], 'front.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('img', { name: 'front.png' })).toBeInTheDocument();
  });
});

/** A variant of a product without colours, as a product read and a 409 list them. */
const plainVariant = (size: string, stock: number) => ({
  color_id: 0,
  color: '',
  color_ar: null,
  slug: '',
  swatch: '',
  size,
  size_label: size,
  stock,
  sku: null,
  price_diff: 0,
  final_price: 2000,
});

describe('product form: editing stock against what was seen', () => {
  const sizes = (s: number, m: number) => ({
    size_s: s,
    size_m: m,
    size_l: 0,
    size_xl: 0,
    size_xxl: 0,
    sizes: [
      { name: 'S' as const, stock: s },
      { name: 'M' as const, stock: m },
      { name: 'L' as const, stock: 0 },
      { name: 'XL' as const, stock: 0 },
      { name: 'XXL' as const, stock: 0 },
    ],
  });
  const shirt = {
    id: 12,
    name: 'Linen shirt',
    description: 'Cotton',
    name_ar: null,
    description_ar: null,
    price: 2000,
    final_price: 2000,
    discounted_price: 2000,
    discount_percentage: 0,
    average_rating: 0,
    total_ratings: 0,
    stock: 17,
    has_sizes: true,
    type_id: 3,
    type_name: 'T-shirts',
    type_name_ar: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    images: [],
    // Sold on the letter scale without colours (ADR 036): the form of before.
    size_scale: 'letters' as const,
    size_list: ['S', 'M', 'L', 'XL', 'XXL'],
    colors: [],
    variants: [],
    ...sizes(2, 15),
  };
  const soap = { ...shirt, id: 13, name: 'Soap', stock: 8, has_sizes: false, ...sizes(0, 0), sizes: [] };

  /** The update calls sent, as { field: value } (the product's own read is answered too). */
  function server(answers: { status: number; message?: string; data?: unknown }[]) {
    const sent: Record<string, string>[] = [];
    const fetchMock = stubFetch((url, init) => {
      if (url.startsWith('/api/product/get/')) return { data: shirt };
      if (!url.startsWith('/api/product/update/')) return undefined;
      const body = init?.body as FormData;
      sent.push(Object.fromEntries([...body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name])));
      return answers[sent.length - 1] ?? { status: 200, data: shirt };
    });
    return { sent, fetchMock };
  }

  async function retype(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    await user.type(input, value);
  }

  test('a price change sends no stock: units sold meanwhile stay sold', async () => {
    const { sent } = server([]);
    const onClose = vi.fn();
    renderWithProviders(<ProductFormModal product={shirt} types={types} onClose={onClose} />);
    const user = userEvent.setup();
    await retype(user, 'Price (Da)', '2200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ name: 'Linen shirt', price: '2200' });
    expect(Object.keys(sent[0]!).filter((k) => /size|stock/.test(k))).toEqual([]);
  });

  test('sends only the sizes changed, each beside the figure the form was opened with', async () => {
    const { sent } = server([]);
    const onClose = vi.fn();
    renderWithProviders(<ProductFormModal product={shirt} types={types} onClose={onClose} />);
    const user = userEvent.setup();
    await retype(user, 'M', '20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(Object.entries(sent[0]!).filter(([k]) => /size|stock/.test(k))).toEqual([
      ['size_m', '20'],
      ['seen_size_m', '15'],
    ]);
  });

  test('a 409 shows the current figures, says which moved, and the next save is against them', async () => {
    const moved = {
      status: 409,
      message: 'The stock changed while you were editing: M is now 12 (you saw 15). Nothing was saved.',
      data: {
        moved: [{ color_id: 0, size: 'M', seen: 15, current: 12 }],
        has_sizes: true,
        stock: 15,
        sizes: sizes(3, 12).sizes,
        // Every variant as it is now (ADR 036): a product without colours has one per size.
        variants: sizes(3, 12).sizes.map((s) => plainVariant(s.name, s.stock)),
      },
    };
    const { sent } = server([moved]);
    const onClose = vi.fn();
    renderWithProviders(<ProductFormModal product={shirt} types={types} onClose={onClose} />);
    const user = userEvent.setup();
    await retype(user, 'M', '20');
    await retype(user, 'L', '4');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The stock changed while you were editing');
    expect(alert).toHaveTextContent('M: now 12 (you saw 15)');
    expect(alert).toHaveTextContent('The stock figures below are the current ones: check them and save again.');
    expect(onClose).not.toHaveBeenCalled();
    // M moved: it shows what the product holds now. S moved too (an order cancelled) but the owner had not
    // touched it: the current figure. L, changed by the owner and not moved, keeps what was typed.
    expect(screen.getByLabelText('M')).toHaveValue(12);
    expect(screen.getByText('Moved: you saw 15')).toBeInTheDocument();
    expect(screen.getByLabelText('S')).toHaveValue(3);
    expect(screen.getByLabelText('L')).toHaveValue(4);

    await retype(user, 'M', '17');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(Object.entries(sent[1]!).filter(([k]) => /size|stock/.test(k))).toEqual([
      ['size_m', '17'],
      ['seen_size_m', '12'],
      ['size_l', '4'],
      ['seen_size_l', '0'],
    ]);
  });

  test('one stock: sent against the stock seen; a 409 puts the current one in the box', async () => {
    const { sent } = server([
      {
        status: 409,
        message: 'The stock changed while you were editing',
        data: {
          moved: [{ color_id: 0, size: null, seen: 8, current: 6 }],
          has_sizes: false,
          stock: 6,
          sizes: [],
          variants: [],
        },
      },
    ]);
    renderWithProviders(<ProductFormModal product={soap} types={types} onClose={() => undefined} />);
    const user = userEvent.setup();
    await retype(user, 'Stock', '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Stock: now 6 (you saw 8)');
    expect(screen.getByLabelText('Stock')).toHaveValue(6);
    expect(Object.entries(sent[0]!).filter(([k]) => /size|stock/.test(k))).toEqual([
      ['stock', '10'],
      ['seen_stock', '8'],
    ]);
  });

  test('switching to sizes distributes against the stock seen; switching back sends only the switch', async () => {
    const { sent } = server([]);
    const { unmount } = renderWithProviders(
      <ProductFormModal product={soap} types={types} onClose={() => undefined} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Sold by size or colour (clothing)'));
    await retype(user, 'S', '3');
    await retype(user, 'M', '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(Object.entries(sent[0]!).filter(([k]) => /size|stock/.test(k))).toEqual([
      ['has_sizes', 'true'],
      ['seen_stock', '8'],
      ['size_s', '3'],
      ['size_m', '5'],
      ['size_l', '0'],
      ['size_xl', '0'],
      ['size_xxl', '0'],
    ]);
    unmount();

    renderWithProviders(<ProductFormModal product={shirt} types={types} onClose={() => undefined} />);
    await user.click(screen.getByLabelText('Sold by size or colour (clothing)'));
    expect(screen.getByLabelText('Stock')).toHaveValue(17);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(Object.entries(sent[1]!).filter(([k]) => /size|stock/.test(k))).toEqual([['has_sizes', 'false']]);
  });
});

describe('product form: photos kept in place, saved with the form', () => {
  const photo = (id: number, position: number, primary = false) => ({
    id,
    image_url: `/uploads/p${id}.webp`,
    is_primary: primary ? 1 : 0,
    position,
    width: 800,
    height: 800,
    color_id: null,
  });
  // As the server lists them: the primary first, the others by position.
  const editing: Product = {
    id: 7,
    name: 'Linen shirt',
    description: '',
    name_ar: null,
    description_ar: null,
    price: 2000,
    final_price: 2000,
    discounted_price: 2000,
    discount_percentage: 0,
    average_rating: 0,
    total_ratings: 0,
    stock: 3,
    has_sizes: true,
    type_id: 3,
    type_name: 'T-shirts',
    type_name_ar: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    size_s: 3,
    size_m: 0,
    size_l: 0,
    size_xl: 0,
    size_xxl: 0,
    sizes: [],
    size_scale: 'letters',
    size_list: ['S', 'M', 'L', 'XL', 'XXL'],
    colors: [],
    variants: [],
    images: [photo(21, 1, true), photo(20, 0), photo(22, 2)],
  };
  const tiles = () =>
    within(screen.getByRole('list', { name: 'Images' }))
      .getAllByRole('listitem')
      .map((li) => [li.getAttribute('aria-label'), li.querySelector('img')?.getAttribute('src')]);

  test('"Make primary" leaves every photo at its place, so the next Delete hits the photo tapped; Save sends it all', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/product/images/7' ? { data: { ...editing, images: [] } } : { data: editing },
    );
    const onClose = vi.fn();
    renderWithProviders(<ProductFormModal product={editing} types={types} onClose={onClose} />);
    const user = userEvent.setup();
    expect(tiles()).toEqual([
      ['Photo 1', '/public/uploads/p20.webp'],
      ['Photo 2, primary', '/public/uploads/p21.webp'],
      ['Photo 3', '/public/uploads/p22.webp'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Make photo 3 primary' }));
    expect(tiles().map(([, src]) => src)).toEqual([
      '/public/uploads/p20.webp',
      '/public/uploads/p21.webp',
      '/public/uploads/p22.webp',
    ]);
    await user.click(screen.getByRole('button', { name: 'Delete photo 1' }));
    await user.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }));
    expect(tiles()).toEqual([
      ['Photo 1, deleted on Save', '/public/uploads/p20.webp'],
      ['Photo 2, primary', '/public/uploads/p22.webp'],
      ['Photo 3', '/public/uploads/p21.webp'],
    ]);
    // Nothing reaches the server before Save.
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesSent(fetchMock, '/api/product/images/7', 'PUT')).toEqual([
      { seen: [20, 21, 22], order: [22, 21], primary_image_id: 22 },
    ]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/product/images/7', '/api/product/update/7']);
  });

  test('a deleted photo can be kept again; Cancel sends nothing; an untouched album is not sent', async () => {
    const fetchMock = stubFetch(() => ({ data: editing }));
    const onClose = vi.fn();
    renderWithProviders(<ProductFormModal product={editing} types={types} onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    // The primary deleted: the first photo left becomes primary, as it would on the server.
    expect(tiles().map(([label]) => label)).toEqual(['Photo 1, primary', 'Photo 2, deleted on Save', 'Photo 3']);
    await user.click(screen.getByRole('button', { name: 'Keep photo 2' }));
    await user.click(screen.getByRole('button', { name: 'Make photo 2 primary' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();

    onClose.mockClear();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/product/update/7']);
  });

  test('photos changed elsewhere meanwhile: nothing is saved and the form shows them as they are now', async () => {
    stubFetch((url) =>
      url === '/api/product/images/7'
        ? {
            status: 409,
            message: "This product's photos changed since the form was opened: they are shown as they are now",
            data: { images: [photo(20, 0, true)] },
          }
        : { data: editing },
    );
    const onClose = vi.fn();
    renderWithProviders(<ProductFormModal product={editing} types={types} onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete photo 3' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(tiles()).toEqual([['Photo 1, primary', '/public/uploads/p20.webp']]));
    expect(onClose).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
