// The product form's colours and size scales (issue 30, docs/decisions/036-variants.md): what the
// owner sees and what the form sends (docs/api.md, "Product form writes").
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSent, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import type { Product, ProductImage } from '../../../lib/types.ts';
import { ProductFormModal } from './product-form-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

beforeEach(() => {
  // jsdom has no object URLs and decodes no image: the browser's part is stubbed.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
  vi.stubGlobal('createImageBitmap', () => Promise.resolve({ width: 800, height: 600, close: () => undefined }));
});

const types = [{ id: 3, name: 'Robes', description: 'Robes', name_ar: null, description_ar: null, for_custom: false }];

function photo(id: number, position: number, primary = false, colorId: number | null = null): ProductImage {
  return {
    id,
    image_url: `/uploads/p${id}.webp`,
    is_primary: primary ? 1 : 0,
    position,
    width: 800,
    height: 800,
    color_id: colorId,
  };
}

const base = {
  name: 'Robe été',
  description: 'Lin',
  name_ar: null,
  description_ar: null,
  price: 3000,
  final_price: 3000,
  discounted_price: 3000,
  discount_percentage: 0,
  average_rating: 0,
  total_ratings: 0,
  has_sizes: true,
  type_id: 3,
  type_name: 'Robes',
  type_name_ar: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  size_s: 0,
  size_m: 0,
  size_l: 0,
  size_xl: 0,
  size_xxl: 0,
  sizes: [],
};

function variant(colorId: number, color: string, size: string, stock: number, extra: object = {}) {
  return {
    color_id: colorId,
    color,
    color_ar: null,
    slug: color.toLowerCase(),
    swatch: colorId === 41 ? '#cc0000' : '#1d4ed8',
    size,
    size_label: size,
    stock,
    sku: null,
    price_diff: 0,
    final_price: 3000,
    ...extra,
  };
}

/** A dress in red and blue, in 38 and 40, with three photos (the second one shows red). */
const dress: Product = {
  ...base,
  id: 7,
  stock: 17,
  size_scale: 'numbers',
  size_list: ['38', '40'],
  colors: [
    { id: 41, name: 'Rouge', name_ar: 'أحمر', slug: 'rouge', swatch: '#cc0000', image_ids: [31] },
    { id: 42, name: 'Bleu', name_ar: null, slug: 'bleu', swatch: '#1d4ed8', image_ids: [] },
  ],
  variants: [
    variant(41, 'Rouge', '38', 5, { sku: 'RB-R-38' }),
    variant(41, 'Rouge', '40', 2, { price_diff: 200, final_price: 3200 }),
    variant(42, 'Bleu', '38', 6),
    variant(42, 'Bleu', '40', 4),
  ],
  images: [photo(30, 0, true), photo(31, 1, false, 41), photo(32, 2)],
};

async function fillBasics(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Robe été');
  await user.type(screen.getByLabelText('Price (Da)'), '3000');
  await user.selectOptions(screen.getByLabelText('Type'), '3');
}

async function retype(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
}

function variantsSent(body: FormData) {
  return JSON.parse(body.get('variants') as string) as {
    colors: { id?: number; key: string; name: string; name_ar: string | null; swatch: string }[];
    rows: { color: string; size: string; stock: number; seen?: number; sku: string | null; price_diff: number }[];
    removed: { color: string; size: string; seen: number }[];
  };
}

describe('product form: colours and size scales', () => {
  test('a new product in two colours on a numbers scale: the grid one colour at a time, the variants and the photos’ colours sent', async () => {
    const created: Product = {
      ...base,
      id: 9,
      stock: 0,
      size_scale: 'numbers',
      size_list: ['36', '38', '40'],
      colors: [
        { id: 51, name: 'Rouge', name_ar: 'أحمر', slug: 'rouge', swatch: '#cc0000', image_ids: [] },
        { id: 52, name: 'Bleu', name_ar: null, slug: 'bleu', swatch: '#1d4ed8', image_ids: [] },
      ],
      variants: [],
      images: [photo(300, 0, true), photo(301, 1)],
    };
    const fetchMock = stubFetch((url) =>
      url === '/api/product' || url === '/api/product/images/9' ? { status: 201, data: created } : undefined,
    );
    const onClose = vi.fn();
    renderWithProviders(<ProductFormModal types={types} onClose={onClose} />);
    const user = userEvent.setup();
    await fillBasics(user);
    await user.upload(screen.getByLabelText('Images'), [
      new File([new Uint8Array(100)], 'rouge.jpg', { type: 'image/jpeg' }),
      new File([new Uint8Array(100)], 'bleu.jpg', { type: 'image/jpeg' }),
    ]);
    await screen.findByRole('img', { name: 'bleu.jpg' });

    // The scale: numbers, typed as the owner writes them; a wrong one is named beside the field.
    await user.selectOptions(screen.getByLabelText('Size scale'), 'numbers');
    await user.type(screen.getByLabelText('Sizes'), '36, 38, abc');
    expect(screen.getByText('"abc" is not a size number: write it like 38 or 42,5')).toBeInTheDocument();
    expect(screen.getByLabelText('Sizes')).toHaveAttribute('aria-invalid', 'true');
    await retype(user, 'Sizes', '36, 38, 40');
    expect(screen.queryByText(/is not a size number/)).not.toBeInTheDocument();

    // The first colour: its names, its swatch, its photo.
    await user.click(screen.getByRole('button', { name: '+ Add a colour' }));
    await user.type(screen.getByLabelText('Colour name (French)'), 'Rouge');
    await user.type(screen.getByLabelText('Arabic name (optional)', { selector: '#product-color-name-ar' }), 'أحمر');
    fireEvent.input(screen.getByLabelText('Swatch'), { target: { value: '#cc0000' } });
    await user.click(screen.getByRole('button', { name: 'New photo rouge.jpg shows Rouge' }));
    expect(screen.getByRole('button', { name: 'New photo rouge.jpg shows Rouge' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Rouge' })).toHaveAttribute('aria-selected', 'true');
    await retype(user, 'Stock of Rouge 36', '3');
    await retype(user, 'Stock of Rouge 38', '5');
    await retype(user, 'Price difference of Rouge 38', '200');
    await retype(user, 'SKU of Rouge 38', 'RE-R-38');

    // The second colour: only its sizes are shown, Rouge's stay as typed.
    await user.click(screen.getByRole('button', { name: '+ Add a colour' }));
    expect(screen.getByRole('tab', { name: 'Colour 2' })).toHaveAttribute('aria-selected', 'true');
    await user.type(screen.getByLabelText('Colour name (French)'), 'Bleu');
    fireEvent.input(screen.getByLabelText('Swatch'), { target: { value: '#1d4ed8' } });
    await user.click(screen.getByRole('button', { name: 'New photo bleu.jpg shows Bleu' }));
    expect(screen.queryByLabelText('Stock of Rouge 36')).not.toBeInTheDocument();
    await retype(user, 'Stock of Bleu 40', '4');
    await user.click(screen.getByRole('tab', { name: 'Rouge' }));
    expect(screen.getByLabelText('Stock of Rouge 38')).toHaveValue(5);
    // The photo given to Bleu says so on Rouge's picker.
    expect(screen.getByRole('button', { name: 'New photo bleu.jpg shows Rouge' })).toHaveTextContent('Bleu');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.find(([u]) => u === '/api/product')!;
    expect(url).toBe('/api/product');
    const body = init?.body as FormData;
    expect(body.get('size_scale')).toBe('numbers');
    expect(body.get('size_list')).toBe('36, 38, 40');
    // The old size fields are not sent beside the variants.
    expect(body.has('size_s')).toBe(false);
    expect(body.has('stock')).toBe(false);
    const sent = variantsSent(body);
    const [red, blue] = sent.colors;
    expect(sent.colors).toEqual([
      { key: red!.key, name: 'Rouge', name_ar: 'أحمر', swatch: '#cc0000' },
      { key: blue!.key, name: 'Bleu', name_ar: null, swatch: '#1d4ed8' },
    ]);
    expect(red!.key).not.toBe(blue!.key);
    expect(sent.rows).toEqual([
      { color: red!.key, size: '36', stock: 3, sku: null, price_diff: 0 },
      { color: red!.key, size: '38', stock: 5, sku: 'RE-R-38', price_diff: 200 },
      { color: red!.key, size: '40', stock: 0, sku: null, price_diff: 0 },
      { color: blue!.key, size: '36', stock: 0, sku: null, price_diff: 0 },
      { color: blue!.key, size: '38', stock: 0, sku: null, price_diff: 0 },
      { color: blue!.key, size: '40', stock: 4, sku: null, price_diff: 0 },
    ]);
    // Then the photos: the new colours' ids and the new photos' ids from the answer, in their order.
    expect(bodiesSent(fetchMock, '/api/product/images/9', 'PUT')).toEqual([
      {
        seen: [300, 301],
        order: [300, 301],
        primary_image_id: 300,
        colors: [
          { image_id: 300, color_id: 51 },
          { image_id: 301, color_id: 52 },
        ],
      },
    ]);
  });

  test('a colour without a name or an empty size list is refused beside its field, nothing sent', async () => {
    const fetchMock = stubFetch(() => ({ status: 201, data: { id: 9 } }));
    renderWithProviders(<ProductFormModal types={types} onClose={() => undefined} />);
    const user = userEvent.setup();
    await fillBasics(user);
    await user.selectOptions(screen.getByLabelText('Size scale'), 'ages');
    await user.click(screen.getByRole('button', { name: '+ Add a colour' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give the colour a name')).toBeInTheDocument();
    expect(screen.getByText('Type the ages, e.g. 2 ans, 4 ans, 6 ans')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Sizes'), '2 ans, 18 mois');
    await user.type(screen.getByLabelText('Colour name (French)'), 'Vert');
    expect(screen.queryByText('Give the colour a name')).not.toBeInTheDocument();
    // The ages as the customer will read them.
    expect(screen.getByLabelText('Stock of Vert 2 ans')).toBeInTheDocument();
    expect(screen.getByLabelText('Stock of Vert 18 mois')).toBeInTheDocument();
  });

  test('editing: every variant sent beside the stock seen; a photo tapped for a colour is saved after the product', async () => {
    const fetchMock = stubFetch((url) => (url.startsWith('/api/product/') ? { data: dress } : undefined));
    const onClose = vi.fn();
    renderWithProviders(<ProductFormModal product={dress} types={types} onClose={onClose} />);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Size scale')).toHaveValue('numbers');
    expect(screen.getByLabelText('Sizes')).toHaveValue('38, 40');
    expect(screen.getByRole('tab', { name: 'Rouge' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Stock of Rouge 38')).toHaveValue(5);
    expect(screen.getByLabelText('SKU of Rouge 38')).toHaveValue('RB-R-38');
    expect(screen.getByLabelText('Price difference of Rouge 40')).toHaveValue('200');
    expect(screen.getByRole('button', { name: 'Photo 2 shows Rouge' })).toHaveAttribute('aria-pressed', 'true');

    await retype(user, 'Stock of Rouge 40', '7');
    await user.click(screen.getByRole('tab', { name: 'Bleu' }));
    await user.click(screen.getByRole('button', { name: 'Photo 3 shows Bleu' }));
    await user.clear(screen.getByLabelText('Colour name (French)'));
    await user.type(screen.getByLabelText('Colour name (French)'), 'Bleu nuit');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const update = fetchMock.mock.calls.find(([u]) => u === '/api/product/update/7')!;
    const body = update[1]?.body as FormData;
    expect(body.has('seen_size_m')).toBe(false);
    expect(variantsSent(body)).toEqual({
      colors: [
        { id: 41, key: '41', name: 'Rouge', name_ar: 'أحمر', swatch: '#cc0000' },
        { id: 42, key: '42', name: 'Bleu nuit', name_ar: null, swatch: '#1d4ed8' },
      ],
      rows: [
        { color: '41', size: '38', stock: 5, seen: 5, sku: 'RB-R-38', price_diff: 0 },
        { color: '41', size: '40', stock: 7, seen: 2, sku: null, price_diff: 200 },
        { color: '42', size: '38', stock: 6, seen: 6, sku: null, price_diff: 0 },
        { color: '42', size: '40', stock: 4, seen: 4, sku: null, price_diff: 0 },
      ],
      removed: [],
    });
    expect(fetchMock.mock.calls.map(([u]) => u)).toEqual(['/api/product/update/7', '/api/product/images/7']);
    expect(bodiesSent(fetchMock, '/api/product/images/7', 'PUT')).toEqual([
      {
        seen: [30, 31, 32],
        order: [30, 31, 32],
        primary_image_id: 30,
        colors: [
          { image_id: 30, color_id: null },
          { image_id: 31, color_id: 41 },
          { image_id: 32, color_id: 42 },
        ],
      },
    ]);
  });

  test('a colour removed is left out with its rows; its photos show every colour again', async () => {
    const fetchMock = stubFetch((url) => (url.startsWith('/api/product/') ? { data: dress } : undefined));
    const onClose = vi.fn();
    renderWithProviders(<ProductFormModal product={dress} types={types} onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Rouge' }));
    expect(screen.queryByRole('tab', { name: 'Rouge' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Bleu' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = fetchMock.mock.calls.find(([u]) => u === '/api/product/update/7')![1]?.body as FormData;
    const sent = variantsSent(body);
    expect(sent.colors.map((c) => c.id)).toEqual([42]);
    expect(sent.rows.map((r) => `${r.color}/${r.size}`)).toEqual(['42/38', '42/40']);
    // The rows the form showed and no longer sends, with the stock seen: the server checks they did not move.
    expect(sent.removed).toEqual([
      { color: '41', size: '38', seen: 5 },
      { color: '41', size: '40', seen: 2 },
    ]);
    expect(bodiesSent(fetchMock, '/api/product/images/7', 'PUT')).toEqual([
      expect.objectContaining({
        colors: [
          { image_id: 30, color_id: null },
          { image_id: 31, color_id: null },
          { image_id: 32, color_id: null },
        ],
      }),
    ]);
  });

  test('a 409: the moved figure shows what the product holds now, the owner’s other figures stay, and the next save is against them', async () => {
    const moved = {
      status: 409,
      message: 'The stock changed while you were editing. Nothing was saved.',
      data: {
        moved: [{ color_id: 41, size: '38', seen: 5, current: 3 }],
        has_sizes: true,
        stock: 13,
        sizes: [],
        variants: [
          { ...variant(41, 'Rouge', '38', 3) },
          { ...variant(41, 'Rouge', '40', 2) },
          { ...variant(42, 'Bleu', '38', 4) },
          { ...variant(42, 'Bleu', '40', 4) },
        ],
      },
    };
    const sent: FormData[] = [];
    stubFetch((url, init) => {
      if (url !== '/api/product/update/7') return url.startsWith('/api/product/') ? { data: dress } : undefined;
      sent.push(init?.body as FormData);
      return sent.length === 1 ? moved : { data: dress };
    });
    const onClose = vi.fn();
    renderWithProviders(<ProductFormModal product={dress} types={types} onClose={onClose} />);
    const user = userEvent.setup();
    await retype(user, 'Stock of Rouge 38', '10');
    await retype(user, 'Stock of Rouge 40', '9');
    await user.type(screen.getByLabelText('Description'), ' lavé');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByText(
      'The stock changed while you were editing (orders since you opened this form). Nothing was saved.',
    );
    expect(alert.parentElement).toHaveTextContent('Rouge / 38: now 3 (you saw 5)');
    expect(onClose).not.toHaveBeenCalled();
    // Rouge 38 moved: the current figure. Rouge 40, typed and not moved: kept. Bleu 38, not touched: now 4.
    expect(screen.getByLabelText('Stock of Rouge 38')).toHaveValue(3);
    expect(screen.getByText('Moved: you saw 5')).toBeInTheDocument();
    expect(screen.getByLabelText('Stock of Rouge 40')).toHaveValue(9);
    expect(screen.getByLabelText('Description')).toHaveValue('Lin lavé');
    await user.click(screen.getByRole('tab', { name: 'Bleu' }));
    expect(screen.getByLabelText('Stock of Bleu 38')).toHaveValue(4);

    await user.click(screen.getByRole('tab', { name: 'Rouge' }));
    await retype(user, 'Stock of Rouge 38', '8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(variantsSent(sent[1]!).rows.map(({ color, size, stock, seen }) => ({ color, size, stock, seen }))).toEqual([
      { color: '41', size: '38', stock: 8, seen: 3 },
      { color: '41', size: '40', stock: 9, seen: 2 },
      { color: '42', size: '38', stock: 4, seen: 4 },
      { color: '42', size: '40', stock: 4, seen: 4 },
    ]);
  });

  test('a size taken out of the list is sent as removed; a 400 about a colour or a size is shown beside its box', async () => {
    const refused = {
      status: 400,
      message: 'Check the colours and sizes',
      data: {
        errors: [
          { field: 'variants.colors.1.name', message: 'Two colours are named "Bleu"' },
          { field: 'variants.rows.0.stock', message: 'A stock is a whole number from 0 to 1,000,000' },
        ],
      },
    };
    const fetchMock = stubFetch((url) => (url === '/api/product/update/7' ? refused : undefined));
    const onClose = vi.fn();
    renderWithProviders(<ProductFormModal product={dress} types={types} onClose={onClose} />);
    const user = userEvent.setup();
    await retype(user, 'Sizes', '38');
    expect(screen.queryByLabelText('Stock of Rouge 40')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A stock is a whole number from 0 to 1,000,000')).toBeInTheDocument();
    expect(screen.getByLabelText('Stock of Rouge 38')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('tab', { name: 'Bleu' }));
    expect(screen.getByText('Two colours are named "Bleu"')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    const body = fetchMock.mock.calls.find(([u]) => u === '/api/product/update/7')![1]?.body as FormData;
    expect(body.get('size_list')).toBe('38');
    const sent = variantsSent(body);
    expect(sent.rows.map((r) => `${r.color}/${r.size}`)).toEqual(['41/38', '42/38']);
    expect(sent.removed).toEqual([
      { color: '41', size: '40', seen: 2 },
      { color: '42', size: '40', seen: 4 },
    ]);
  });

  test('a product without colours keeps the five size fields and sends no variants; its first colour takes their stock', async () => {
    const shirt: Product = {
      ...base,
      id: 12,
      stock: 5,
      size_s: 2,
      size_m: 3,
      images: [],
      size_scale: 'letters',
      size_list: ['S', 'M', 'L', 'XL', 'XXL'],
      colors: [],
      variants: ['S', 'M', 'L', 'XL', 'XXL'].map((s) => variant(0, '', s, s === 'S' ? 2 : s === 'M' ? 3 : 0)),
    };
    const fetchMock = stubFetch((url) => (url.startsWith('/api/product/') ? { data: shirt } : undefined));
    const onClose = vi.fn();
    const { unmount } = renderWithProviders(<ProductFormModal product={shirt} types={types} onClose={onClose} />);
    const user = userEvent.setup();
    expect(screen.getByLabelText('M')).toHaveValue(3);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    await retype(user, 'M', '4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = fetchMock.mock.calls[0]![1]?.body as FormData;
    expect(body.has('variants')).toBe(false);
    expect(body.get('size_m')).toBe('4');
    expect(body.get('seen_size_m')).toBe('3');
    unmount();

    renderWithProviders(<ProductFormModal product={shirt} types={types} onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: '+ Add a colour' }));
    expect(screen.queryByLabelText('M')).not.toBeInTheDocument();
    const grid = screen.getByRole('table', { name: 'Stock of Colour 1 per size' });
    expect(within(grid).getByLabelText('Stock of Colour 1 S')).toHaveValue(2);
    expect(within(grid).getByLabelText('Stock of Colour 1 M')).toHaveValue(3);
  });
});
