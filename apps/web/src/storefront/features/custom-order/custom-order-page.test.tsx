import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { formatDa as formatDaRaw } from '@shop/domain/money';
import { activateLanguage } from '../../i18n/i18n.ts';
import { colorName } from './colors.ts';
import { CustomOrderPage } from './custom-order-page.tsx';

// jsdom cannot decode images: the browser-side checks have their own tests in image-files.test.ts.
vi.mock('./image-files.ts', () => ({
  prepareImage: (file: File) => Promise.resolve({ ok: true, file }),
}));

const ITEMS = [
  {
    id: 1,
    name: 'T-shirt',
    description: 'Coton',
    base_price: 2000,
    available_sizes: ['M', 'L', 'XL'],
    available_colors: ['Noir', 'Blanc'],
    active: true,
  },
  {
    id: 2,
    name: 'Hoodie',
    description: '',
    base_price: 4500,
    available_sizes: ['S', 'XXL'],
    available_colors: ['Rouge', 'Bleu marine'],
    active: true,
  },
  {
    id: 3,
    name: 'cup',
    description: '',
    base_price: 1200,
    available_sizes: null,
    available_colors: ['Blanc'],
    active: true,
  },
];
const WILAYAS = [
  { id: 1, wilaya_code: 1, wilaya_name: 'Adrar', price: 900, stop_desk_price: null },
  { id: 16, wilaya_code: 16, wilaya_name: 'Alger', price: 400, stop_desk_price: 300 },
];
const COMMUNES: Record<string, { name: string; name_ar: string; postal_code: string | null }[]> = {
  Adrar: [
    { name: 'Adrar', name_ar: 'أدرار', postal_code: '01000' },
    { name: 'Reggane', name_ar: 'رقان', postal_code: null },
  ],
  Alger: [
    { name: 'Alger Centre', name_ar: 'الجزائر الوسطى', postal_code: '16000' },
    { name: 'Bab El Oued', name_ar: 'باب الوادي', postal_code: null },
  ],
};

/** fr-DZ groups digits with a narrow no-break space; Testing Library normalises it to a space. */
function formatDa(da: number): string {
  return formatDaRaw(da).replace(/\s+/g, ' ');
}

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function envelope(status: number, data: unknown, message = ''): Response {
  return json(status, { status, message, data });
}

let fetchMock: ReturnType<typeof vi.fn>;
let overrides: Record<string, Handler>;

beforeEach(() => {
  localStorage.clear();
  overrides = {};
  fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    for (const [prefix, handler] of Object.entries(overrides)) {
      if (url.startsWith(prefix)) return Promise.resolve(handler(url, init));
    }
    if (url === '/api/CustomOrderItem/getAll') return Promise.resolve(envelope(200, ITEMS));
    if (url === '/api/ShippingPrice/read') return Promise.resolve(envelope(200, WILAYAS));
    if (url.startsWith('/api/commune?')) {
      const list = COMMUNES[new URL(url, 'http://localhost').searchParams.get('wilaya') ?? ''];
      return Promise.resolve(list ? envelope(200, list) : envelope(404, null, 'Wilaya inconnue'));
    }
    if (url === '/api/settings') {
      return Promise.resolve(
        envelope(200, {
          phone: '0555000000',
          whatsapp_url: 'https://wa.me/213555000000',
          payment: { ccp: '0012345678 clé 90', rip: '00799999001234567890', baridimob: '' },
        }),
      );
    }
    return Promise.resolve(envelope(404, null, 'not mocked'));
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }));
  window.scrollTo = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(entry = '/CustomOrder') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <CustomOrderPage />
        <ToastContainer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function loaded() {
  return screen.findByLabelText('Type de vêtement');
}

function png(name = 'front.png') {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
}

async function chooseWilaya(user: ReturnType<typeof userEvent.setup>, typed: string) {
  const box = screen.getByRole('combobox', { name: 'Wilaya' });
  await user.clear(box);
  await user.type(box, typed);
  await user.click(await screen.findByRole('option', { name: new RegExp(typed, 'i') }));
}

async function chooseCommune(user: ReturnType<typeof userEvent.setup>, typed: string, name: string) {
  const box = screen.getByRole('combobox', { name: 'Commune' });
  await user.clear(box);
  await user.type(box, typed);
  await user.click(await screen.findByRole('option', { name: new RegExp(name, 'i') }));
}

/** The contact fields, the wilaya Adrar and one of its communes. */
async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nom complet'), 'Amina Benali');
  await user.type(screen.getByLabelText('Numéro de téléphone'), '0555123456');
  await user.type(screen.getByLabelText('Adresse'), '12 rue Didouche Mourad');
  await user.type(screen.getByLabelText('Code postal'), '16000');
  await chooseWilaya(user, 'Adrar');
  await chooseCommune(user, 'reg', 'Reggane');
}

function summary() {
  return within(screen.getByRole('complementary'));
}

describe('CustomOrderPage', () => {
  it('shows a spinner, then preselects the first item, and no wilaya nor its fee until one is chosen', async () => {
    renderPage();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: "Fil d'Ariane" })).toHaveTextContent(
      /Accueil.*Commande Personnalisée/,
    );
    const type = await loaded();
    expect(type).toHaveValue('1');
    // "à choisir", as the cart: the total is the item alone, no fee for a wilaya nobody picked.
    expect(screen.getByRole('combobox', { name: 'Wilaya' })).toHaveValue('');
    expect(summary().getByText('Livraison').nextSibling).toHaveTextContent('à choisir');
    expect(summary().getByText('Total').nextSibling).toHaveTextContent(formatDa(2000));
    expect(screen.getByLabelText('Taille')).toHaveValue('M');
    expect(screen.getByLabelText('Couleur')).toHaveValue('Noir');
    expect(screen.getByRole('img', { name: 'Aperçu de la couleur : Noir' })).toHaveStyle({
      backgroundColor: '#111111',
    });
    // The list shows each wilaya's number and fee.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Afficher les wilayas' }));
    expect(screen.getByRole('option', { name: `01 - Adrar ${formatDa(900)}` })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: `16 - Alger ${formatDa(400)}` })).toBeInTheDocument();
  });

  it('shows the garment fields and three image slots, the cup only the front image', async () => {
    const user = userEvent.setup();
    renderPage();
    await loaded();
    for (const name of ['Devant', 'Dos', 'Côté']) expect(screen.getByText(name)).toBeInTheDocument();
    expect(screen.getByLabelText('Taille')).toBeInTheDocument();
    for (const input of document.querySelectorAll('input[type=file]'))
      expect(input).toHaveAttribute('accept', 'image/*');

    await user.selectOptions(screen.getByLabelText('Type de vêtement'), '3');
    expect(screen.queryByLabelText('Taille')).not.toBeInTheDocument();
    expect(screen.getByText('Devant')).toBeInTheDocument();
    expect(screen.queryByText('Dos')).not.toBeInTheDocument();
    expect(screen.queryByText('Côté')).not.toBeInTheDocument();
  });

  it('preselects the cup with ?type=cup', async () => {
    renderPage('/CustomOrder?type=cup');
    expect(await loaded()).toHaveValue('3');
    expect(screen.queryByLabelText('Taille')).not.toBeInTheDocument();
  });

  it('resets size and colour to the first available when the item changes', async () => {
    const user = userEvent.setup();
    renderPage();
    await loaded();
    await user.selectOptions(screen.getByLabelText('Taille'), 'XL');
    await user.selectOptions(screen.getByLabelText('Couleur'), 'Blanc');
    await user.selectOptions(screen.getByLabelText('Type de vêtement'), '2');
    expect(screen.getByLabelText('Taille')).toHaveValue('S');
    expect(screen.getByLabelText('Couleur')).toHaveValue('Rouge');
    expect(screen.getByRole('img', { name: 'Aperçu de la couleur : Rouge' })).toHaveStyle({
      backgroundColor: '#d32f2f',
    });
    await user.selectOptions(screen.getByLabelText('Couleur'), 'Bleu marine');
    expect(screen.getByRole('img', { name: 'Aperçu de la couleur : Bleu marine' })).toHaveStyle({
      backgroundColor: '#1f2a52',
    });
  });

  it('computes the totals from the base price, the wilaya and the coupon', async () => {
    const user = userEvent.setup();
    overrides['/api/coupon/validate/'] = () => envelope(200, { code: 'BIENVENUE10', discount_percentage: 10 });
    renderPage();
    await loaded();
    expect(summary().getByText('Sous-total').nextSibling).toHaveTextContent(formatDa(2000));
    await chooseWilaya(user, 'Adrar');
    expect(summary().getByText('Livraison').nextSibling).toHaveTextContent(formatDa(900));
    expect(summary().getByText('Total').nextSibling).toHaveTextContent(formatDa(2900));

    await chooseWilaya(user, 'Alger');
    await user.selectOptions(screen.getByLabelText('Type de vêtement'), '2');
    expect(summary().getByText('Total').nextSibling).toHaveTextContent(formatDa(4900));

    await user.type(screen.getByLabelText('Code promo'), 'bienvenue10');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('Code promo appliqué avec succès!')).toBeInTheDocument();
    expect(summary().getByText('Réduction (10%)').nextSibling).toHaveTextContent(`-${formatDa(450)}`);
    expect(summary().getByText('Total').nextSibling).toHaveTextContent(formatDa(4450));
    expect(fetchMock).toHaveBeenCalledWith('/api/coupon/validate/BIENVENUE10', expect.anything());
  });

  it('clears the code and the discount when the coupon is refused', async () => {
    const user = userEvent.setup();
    overrides['/api/coupon/validate/'] = () => envelope(404, null, 'Code promo invalide');
    renderPage();
    await loaded();
    expect(screen.getByText('Vous avez un code promo ? Utilisez-le ici.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code promo'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findAllByText('Code promo invalide ou expiré')).toHaveLength(2);
    expect(screen.getByLabelText('Code promo')).toHaveValue('');
    expect(summary().getByText('Réduction (0%)')).toBeInTheDocument();
  });

  it('reports a coupon check that throws', async () => {
    const user = userEvent.setup();
    overrides['/api/coupon/validate/'] = () => {
      throw new TypeError('network down');
    };
    renderPage();
    await loaded();
    await user.type(screen.getByLabelText('Code promo'), 'BIENVENUE10');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('Erreur lors de la validation du code promo')).toBeInTheDocument();
  });

  it('marks an empty code invalid without calling the server', async () => {
    const user = userEvent.setup();
    renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(screen.getByText('Code promo invalide ou expiré')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/coupon/'))).toBe(false);
  });

  it('shows every required-field message, the image message and the toast, and clears an edited field', async () => {
    const user = userEvent.setup();
    renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Passer la commande' }));
    for (const message of [
      'Le nom complet est requis',
      'Le numéro de téléphone est requis',
      "L'adresse est requise",
      'Le code postal est requis',
      'Au moins une image de référence est requise',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(await screen.findByText('Veuillez corriger les erreurs dans le formulaire')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nom complet'), 'A');
    expect(screen.queryByText('Le nom complet est requis')).not.toBeInTheDocument();
    expect(screen.getByText('Le numéro de téléphone est requis')).toBeInTheDocument();
  });

  it('checks the phone and postal code formats', async () => {
    const user = userEvent.setup();
    renderPage();
    await loaded();
    await user.type(screen.getByLabelText('Numéro de téléphone'), '1234567890');
    await user.type(screen.getByLabelText('Code postal'), '160');
    await user.click(screen.getByRole('button', { name: 'Passer la commande' }));
    expect(await screen.findByText('Numéro de téléphone invalide (ex. 0555 12 34 56)')).toBeInTheDocument();
    expect(screen.getByText('Le code postal doit contenir 5 chiffres')).toBeInTheDocument();
  });

  it('takes a phone and a postal code typed in Arabic-Indic digits', async () => {
    const user = userEvent.setup();
    let sent: FormData | null = null;
    overrides['/api/Order'] = (_url, init) => {
      sent = init?.body as FormData;
      return envelope(201, { order_id: 5, total: 2900 });
    };
    renderPage();
    await loaded();
    await user.type(screen.getByLabelText('Nom complet'), 'سمير');
    await user.type(screen.getByLabelText('Numéro de téléphone'), '٠٦٦١٢٣٤٥٦٧');
    await user.type(screen.getByLabelText('Adresse'), 'حي النصر');
    await user.type(screen.getByLabelText('Code postal'), '٠١٠٠٠');
    await chooseWilaya(user, 'Adrar');
    await chooseCommune(user, 'reg', 'Reggane');
    await user.upload(screen.getByLabelText('Devant'), png());
    await user.click(screen.getByRole('button', { name: 'Passer la commande' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('#5');
    const form = sent as unknown as FormData;
    expect(form.get('customer_phone')).toBe('0661234567');
    expect(form.get('customer_postal_code')).toBe('01000');
  });

  it('requires a wilaya, a clothing type, a size and a colour', async () => {
    const user = userEvent.setup();
    overrides['/api/ShippingPrice/read'] = () => envelope(200, []);
    overrides['/api/CustomOrderItem/getAll'] = () =>
      envelope(200, [
        { id: 9, name: 'Polo', description: '', base_price: 100, available_sizes: [], available_colors: [] },
      ]);
    renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Passer la commande' }));
    expect(await screen.findByText('La wilaya est requise')).toBeInTheDocument();
    expect(screen.getByText('La taille est requise')).toBeInTheDocument();
    expect(screen.getByText('La couleur est requise')).toBeInTheDocument();
  });

  it('requires a clothing type when the catalogue is empty, and says why', async () => {
    overrides['/api/CustomOrderItem/getAll'] = () => envelope(500, null, 'boom');
    renderPage();
    expect(await screen.findByText('Échec du chargement des types de vêtements')).toBeInTheDocument();
    expect(screen.getByLabelText('Type de vêtement')).toHaveValue('');
  });

  it('toasts when the shipping prices fail to load', async () => {
    overrides['/api/ShippingPrice/read'] = () => envelope(500, null, 'boom');
    renderPage();
    expect(await screen.findByText('Échec du chargement des prix de livraison')).toBeInTheDocument();
  });

  it('submits the multipart order and shows the thank-you screen', async () => {
    const user = userEvent.setup();
    let sent: FormData | null = null;
    overrides['/api/coupon/validate/'] = () => envelope(200, { code: 'BIENVENUE10', discount_percentage: 10 });
    overrides['/api/Order'] = (_url, init) => {
      sent = init?.body as FormData;
      return envelope(201, { order_id: 42, total: 2700 }, 'ok');
    };
    renderPage();
    await loaded();
    await fillValid(user);
    await chooseWilaya(user, '16');
    // A commune of Adrar is not one of Alger's: chosen again, at Alger's stop desk.
    expect(screen.getByRole('combobox', { name: 'Commune' })).toHaveValue('');
    await chooseCommune(user, 'bab', 'Bab El Oued');
    await user.click(screen.getByRole('radio', { name: /Point relais/ }));
    await user.selectOptions(screen.getByLabelText('Taille'), 'L');
    await user.upload(screen.getByLabelText('Devant'), png('front.png'));
    await user.upload(screen.getByLabelText('Dos'), png('back.png'));
    expect(await screen.findByAltText('Aperçu de l’image de référence : Devant')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code promo'), 'BIENVENUE10');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    await screen.findByText('Code promo appliqué avec succès!');
    await user.click(screen.getByRole('button', { name: 'Passer la commande' }));

    expect(await screen.findByText('Votre commande personnalisée a été créée avec succès')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Merci pour votre commande !' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('#42');
    expect(screen.getByText('7-10 jours ouvrables')).toBeInTheDocument();
    expect(screen.getByTestId('delivery-address')).toHaveTextContent(
      '12 rue Didouche Mourad, Bab El Oued, Alger 16000',
    );
    expect(screen.getByTestId('delivery-type')).toHaveTextContent('Point relais (stop desk)');
    expect(screen.getByTestId('order-total')).toHaveTextContent(formatDa(2700));
    // Where the advance payment goes, and the reference to give.
    expect(await screen.findByTestId('pay-ccp')).toHaveTextContent('0012345678 clé 90');
    expect(screen.getByTestId('pay-rip')).toHaveTextContent('00799999001234567890');
    expect(screen.queryByTestId('pay-baridimob')).not.toBeInTheDocument();
    expect(screen.getByText('Référence du paiement').nextSibling).toHaveTextContent('#42');
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      `https://wa.me/213555000000?text=${encodeURIComponent('Bonjour, je voudrais suivre ma commande #42.')}`,
    );
    expect(screen.getByRole('button', { name: 'Continuer vos achats' })).toBeInTheDocument();

    const form = sent as unknown as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      customer_name: 'Amina Benali',
      customer_phone: '0555123456',
      customer_address: 'Alger | 12 rue Didouche Mourad',
      customer_postal_code: '16000',
      type: 'custom',
      subtotal: '2000.00',
      shipping_fee: '300.00',
      clothing_type: '1',
      color: 'Noir',
      size: 'L',
      coupon_code: 'BIENVENUE10',
      wilaya: 'Alger',
      delivery_type: 'stop_desk',
      commune: 'Bab El Oued',
      event_id: expect.stringMatching(/^ord-[0-9a-f]{32}$/),
    });
    expect((form.get('reference_image_front') as File).name).toBe('front.png');
    expect((form.get('reference_image_back') as File).name).toBe('back.png');
    expect(form.get('reference_image_side')).toBeNull();
  });

  it("prices the chosen commune's own fee where it has one, shows it and sends it", async () => {
    const user = userEvent.setup();
    let sent: FormData | null = null;
    // Bab El Oued costs 550 Da at home; Reggane, in Adrar without a stop desk, has one at 700 Da.
    overrides['/api/ShippingPrice/read'] = () =>
      envelope(200, [
        { ...WILAYAS[0], communes: [{ name: 'Reggane', price: null, stop_desk_price: 700 }] },
        { ...WILAYAS[1], communes: [{ name: 'Bab El Oued', price: 550, stop_desk_price: null }] },
      ]);
    overrides['/api/Order'] = (_url, init) => {
      sent = init?.body as FormData;
      return envelope(201, { order_id: 43, total: 2550 }, 'ok');
    };
    renderPage();
    await loaded();
    await fillValid(user);
    // Reggane has the stop desk Adrar has not.
    await user.click(screen.getByRole('radio', { name: /Point relais.*700,00 Da/ }));
    expect(summary().getByText('Livraison').nextSibling).toHaveTextContent(formatDa(700));
    await chooseCommune(user, 'adr', 'Adrar');
    expect(screen.getByRole('radio', { name: /Point relais/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /À domicile.*900,00 Da/ })).toBeChecked();
    expect(summary().getByText('Livraison').nextSibling).toHaveTextContent(formatDa(900));

    await chooseWilaya(user, 'Alger');
    await chooseCommune(user, 'bab', 'Bab El Oued');
    expect(screen.getByRole('radio', { name: /À domicile.*550,00 Da/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Point relais.*300,00 Da/ })).toBeEnabled();
    expect(summary().getByText('Livraison').nextSibling).toHaveTextContent(formatDa(550));
    expect(summary().getByText('Total').nextSibling).toHaveTextContent(formatDa(2550));
    await user.upload(screen.getByLabelText('Devant'), png('front.png'));
    await user.click(screen.getByRole('button', { name: 'Passer la commande' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('#43');
    const form = sent as unknown as FormData;
    expect(form.get('shipping_fee')).toBe('550.00');
    expect(form.get('delivery_type')).toBe('home');
    expect(form.get('commune')).toBe('Bab El Oued');
  });

  it('moves the order to the wilaya a commune is in now when the customer looks for it under the old one', async () => {
    const user = userEvent.setup();
    let sent: FormData | null = null;
    // 2027: Bou Saâda (68) is a wilaya, its communes left M'Sila (28).
    overrides['/api/ShippingPrice/read'] = () =>
      envelope(200, [
        ...WILAYAS,
        { id: 28, wilaya_code: 28, wilaya_name: "M'Sila", price: 700, stop_desk_price: null },
        { id: 68, wilaya_code: 68, wilaya_name: 'Bou Saâda', price: 750, stop_desk_price: 450 },
      ]);
    overrides['/api/commune?wilaya=M'] = () =>
      envelope(200, [
        { name: 'Magra', name_ar: 'مقرة', postal_code: null },
        { name: 'Bou Saada', name_ar: 'بوسعادة', postal_code: null, moved_to: { code: 68, name: 'Bou Saâda' } },
      ]);
    overrides['/api/commune?wilaya=Bou'] = () =>
      envelope(200, [{ name: 'Bou Saada', name_ar: 'بوسعادة', postal_code: null }]);
    overrides['/api/Order'] = (_url, init) => {
      sent = init?.body as FormData;
      return envelope(201, { order_id: 44, total: 1950 }, 'ok');
    };
    renderPage('/CustomOrder?type=cup');
    await loaded();
    await user.type(screen.getByLabelText('Nom complet'), 'Amina Benali');
    await user.type(screen.getByLabelText('Numéro de téléphone'), '0555123456');
    await user.type(screen.getByLabelText('Adresse'), 'Rue de la mosquée');
    await user.type(screen.getByLabelText('Code postal'), '28200');
    // Typing the old wilaya finds the new one made from it too.
    const wilayaBox = screen.getByRole('combobox', { name: 'Wilaya' });
    await user.clear(wilayaBox);
    await user.type(wilayaBox, 'msila');
    const menu = document.getElementById(wilayaBox.getAttribute('aria-controls') ?? '')!;
    expect(
      within(menu)
        .getAllByRole('option')
        .map((o) => o.textContent?.slice(0, 14)),
    ).toEqual(["28 - M'Sila 70", '68 - Bou Saâda']);
    await chooseWilaya(user, "M'Sila");
    await chooseCommune(user, 'bou sa', 'désormais wilaya 68 - Bou Saâda');
    expect(screen.getByRole('combobox', { name: 'Wilaya' })).toHaveValue('68 - Bou Saâda');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Commune' })).toHaveValue('Bou Saada'));
    expect(summary().getByText('Livraison').nextSibling).toHaveTextContent(formatDa(750));
    await user.upload(screen.getByLabelText('Devant'), png());
    await user.click(screen.getByRole('button', { name: 'Passer la commande' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('#44');
    const form = sent as unknown as FormData;
    expect(form.get('customer_address')).toMatch(/^Bou Saâda \| /);
    expect(form.get('commune')).toBe('Bou Saada');
    expect(form.get('shipping_fee')).toBe('750.00');
  });

  it('sends a cup with the word cup, no size and only the front image', async () => {
    const user = userEvent.setup();
    let sent: FormData | null = null;
    overrides['/api/Order'] = (_url, init) => {
      sent = init?.body as FormData;
      return envelope(201, { order_id: 7, total: 2100 });
    };
    renderPage('/CustomOrder?type=cup');
    await loaded();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Passer la commande' }));
    expect(await screen.findByText('Au moins une image de référence est requise')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Devant'), png());
    expect(screen.queryByText('Au moins une image de référence est requise')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Passer la commande' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('#7');
    const form = sent as unknown as FormData;
    expect(form.get('clothing_type')).toBe('cup');
    expect(form.has('size')).toBe(false);
    expect(form.has('coupon_code')).toBe(false);
    expect(form.get('subtotal')).toBe('1200.00');
    expect(form.get('reference_image_front')).toBeInstanceOf(File);
  });

  it('saves the draft with the item, colour and size chosen, the cup as the word cup (issue 31)', async () => {
    const user = userEvent.setup();
    const drafts: unknown[] = [];
    overrides['/api/checkout-drafts/'] = (_url, init) => {
      drafts.push(JSON.parse(init?.body as string));
      return envelope(200, { saved: true });
    };
    renderPage();
    await loaded();
    await user.selectOptions(screen.getByLabelText('Type de vêtement'), '2');
    await user.selectOptions(screen.getByLabelText('Taille'), 'XXL');
    await user.selectOptions(screen.getByLabelText('Couleur'), 'Bleu marine');
    await user.type(screen.getByLabelText('Nom complet'), 'Amina Benali');
    await user.type(screen.getByLabelText('Numéro de téléphone'), '0555123456');
    await waitFor(() => expect(drafts).toHaveLength(1), { timeout: 4000 });
    expect(drafts[0]).toMatchObject({
      checkout: 'custom',
      customer_name: 'Amina Benali',
      custom: { clothing_type: '2', color: 'Bleu marine', size: 'XXL' },
    });
    await user.selectOptions(screen.getByLabelText('Type de vêtement'), '3');
    await waitFor(() => expect(drafts).toHaveLength(2), { timeout: 4000 });
    expect(drafts[1]).toMatchObject({ custom: { clothing_type: 'cup', color: 'Blanc', size: '' } });
  });

  it('calls the cup "Tasse" and keeps the thank-you screen after a reload', async () => {
    const user = userEvent.setup();
    overrides['/api/Order'] = () => envelope(201, { order_id: 9, total: 2100 });
    renderPage('/CustomOrder?type=cup');
    expect(within(await loaded()).getByRole('option', { name: /^Tasse/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^Cup/ })).not.toBeInTheDocument();
    await fillValid(user);
    await user.upload(screen.getByLabelText('Devant'), png());
    await user.click(screen.getByRole('button', { name: 'Passer la commande' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('#9');
    cleanup();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Merci pour votre commande !' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('#9');
    expect(screen.getByTestId('order-total')).toHaveTextContent(formatDa(2100));
    await user.click(screen.getByRole('button', { name: 'Continuer vos achats' }));
    cleanup();
    renderPage();
    expect(await loaded()).toBeInTheDocument();
  });

  it('offers "Nouvelle commande personnalisée" on the thank-you screen, and forgets it a day later', async () => {
    const user = userEvent.setup();
    overrides['/api/Order'] = () =>
      envelope(201, {
        order_id: 11,
        subtotal: 2000,
        discount_percentage: 0,
        discount_amount: 0,
        shipping_fee: 900,
        total: 2900,
      });
    renderPage();
    await loaded();
    await fillValid(user);
    await user.upload(screen.getByLabelText('Devant'), png());
    await user.click(screen.getByRole('button', { name: 'Passer la commande' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('#11');
    // What was ordered, and the number the team will call.
    expect(screen.getByTestId('ordered-lines')).toHaveTextContent(/T-shirt.*Medium · Noir · Quantité : 1/);
    expect(screen.getByTestId('call-to-confirm')).toHaveTextContent('0555 12 34 56');
    // Kept through a reload…
    cleanup();
    renderPage();
    expect(screen.getByTestId('order-number')).toHaveTextContent('#11');
    // …until the customer starts another one: the form, empty, on the same page.
    await user.click(screen.getByRole('button', { name: 'Nouvelle commande personnalisée' }));
    expect(await loaded()).toBeInTheDocument();
    expect(screen.getByLabelText('Nom complet')).toHaveValue('');
    cleanup();
    renderPage();
    expect(await loaded()).toBeInTheDocument();

    // A thank-you older than a day is not shown any more.
    localStorage.setItem(
      'customOrderConfirmation',
      JSON.stringify({
        orderNumber: 12,
        total: 2900,
        address: 'x',
        wilaya: 'Adrar',
        zipCode: '01000',
        placedAt: Date.now() - 25 * 60 * 60 * 1000,
      }),
    );
    cleanup();
    renderPage();
    expect(await loaded()).toBeInTheDocument();
    expect(screen.queryByTestId('order-number')).not.toBeInTheDocument();
  });

  it('removes an image', async () => {
    const user = userEvent.setup();
    renderPage();
    await loaded();
    await user.upload(screen.getByLabelText('Devant'), png());
    await user.click(await screen.findByRole('button', { name: 'Retirer l’image (Devant)' }));
    expect(screen.queryByAltText('Aperçu de l’image de référence : Devant')).not.toBeInTheDocument();
  });

  it('keeps everything typed when the order fails, with the server message', async () => {
    const user = userEvent.setup();
    overrides['/api/Order'] = () => envelope(400, null, 'Code promo épuisé');
    renderPage();
    await loaded();
    await fillValid(user);
    await user.upload(screen.getByLabelText('Devant'), png());
    await user.click(screen.getByRole('button', { name: 'Passer la commande' }));
    expect(await screen.findByText('Code promo épuisé')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom complet')).toHaveValue('Amina Benali');
    expect(screen.getByAltText('Aperçu de l’image de référence : Devant')).toBeInTheDocument();
  });

  it('falls back to the generic failure message, and reports an exception', async () => {
    const user = userEvent.setup();
    overrides['/api/Order'] = () =>
      new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'content-type': 'text/html' },
      });
    renderPage();
    await loaded();
    await fillValid(user);
    await user.upload(screen.getByLabelText('Devant'), png());
    await user.click(screen.getByRole('button', { name: 'Passer la commande' }));
    expect(await screen.findByText('Échec de la création de la commande')).toBeInTheDocument();
    overrides['/api/Order'] = () => {
      throw new TypeError('offline');
    };
    await user.click(screen.getByRole('button', { name: 'Passer la commande' }));
    // The answer was lost: the order may be recorded already, and sending it again is safe.
    expect(
      await screen.findByText(
        'La connexion a été coupée avant la réponse : votre commande est peut-être déjà enregistrée. Vous pouvez la renvoyer sans crainte, elle ne sera pas enregistrée deux fois.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the new total on a 409 and resubmits with the server figures once confirmed', async () => {
    const user = userEvent.setup();
    const bodies: FormData[] = [];
    overrides['/api/Order'] = (_url, init) => {
      bodies.push(init?.body as FormData);
      if (bodies.length === 1) {
        return envelope(
          409,
          { subtotal: 2500, shipping_fee: 900, discount_percentage: 0, total: 3400 },
          'Les prix ont changé',
        );
      }
      return envelope(201, { order_id: 8, total: 3400 });
    };
    renderPage();
    await loaded();
    await fillValid(user);
    await user.upload(screen.getByLabelText('Devant'), png());
    await user.click(screen.getByRole('button', { name: 'Passer la commande' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Les prix ont changé' });
    expect(dialog).toHaveTextContent(formatDa(3400));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer au nouveau prix' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('#8');
    expect(bodies[1]?.get('subtotal')).toBe('2500.00');
    expect(bodies[1]?.get('shipping_fee')).toBe('900.00');
  });
});

describe('CustomOrderPage in Arabic', () => {
  afterEach(async () => {
    await act(() => activateLanguage('fr'));
  });

  const options = (label: string) =>
    within(screen.getByLabelText(label))
      .getAllByRole('option')
      .map((option) => [option.textContent, (option as HTMLOptionElement).value]);

  it("names the sizes and the palette's colours in Arabic, and keeps their French values for the order", async () => {
    // The French page shows them as the owner wrote them.
    renderPage();
    await loaded();
    expect(options('Taille')).toEqual([
      ['M', 'M'],
      ['L', 'L'],
      ['XL', 'XL'],
    ]);
    expect(options('Couleur')).toEqual([
      ['Noir', 'Noir'],
      ['Blanc', 'Blanc'],
    ]);
    cleanup();

    await act(() => activateLanguage('ar'));
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('نوع الملابس');
    expect(options('المقاس')).toEqual([
      ['متوسط (M)', 'M'],
      ['كبير (L)', 'L'],
      ['كبير جدًا (XL)', 'XL'],
    ]);
    expect(options('اللون')).toEqual([
      ['أسود', 'Noir'],
      ['أبيض', 'Blanc'],
    ]);
    expect(screen.getByRole('img', { name: 'معاينة اللون: أسود' })).toHaveStyle({ backgroundColor: '#111111' });
    // A name the owner wrote in French and its price keep their own direction in the Arabic line.
    const french = options('نوع الملابس').map(([text]) => text ?? '');
    expect(french.length).toBeGreaterThan(0);
    for (const text of french)
      expect(text).toMatch(/^\u2068[^\u2068]+\u2069 \(\u2068[\d\s\u00a0\u202f,]+\u00a0دج\u2069\)$/);
    await user.selectOptions(screen.getByLabelText('نوع الملابس'), '2');
    expect(options('اللون')).toEqual([
      ['أحمر', 'Rouge'],
      ['أزرق داكن', 'Bleu marine'],
    ]);
    // A colour outside the palette stays as the owner wrote it.
    expect(colorName('Corail')).toBe('Corail');
  });
});
