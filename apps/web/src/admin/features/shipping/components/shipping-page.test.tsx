import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { ShippingPage } from './shipping-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const offered = { provisional: false, offered: true };
const prices = [
  { id: 16, wilaya_code: 16, wilaya_name: 'Alger', price: 400, stop_desk_price: 250, communes: [], ...offered },
  { id: 31, wilaya_code: 31, wilaya_name: 'Oran', price: 600, stop_desk_price: null, communes: [], ...offered },
];

async function addWilaya(name: string, price: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: '+ Add wilaya' }));
  const dialog = screen.getByRole('dialog', { name: 'Add shipping price' });
  await user.type(within(dialog).getByLabelText('Wilaya'), name);
  await user.type(within(dialog).getByLabelText('Price (Da)'), price);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  return dialog;
}

describe('shipping prices: a refused save', () => {
  test("shows the server's message (a wilaya that already has a price) and keeps what was typed", async () => {
    stubFetch((url) => {
      if (url === '/api/ShippingPrice/all') return { data: prices };
      if (url === '/api/ShippingPrice/create') {
        return { status: 409, message: 'A shipping price for this wilaya already exists' };
      }
      return undefined;
    });
    renderWithProviders(<ShippingPage />);
    const dialog = await addWilaya('alger', '450');
    expect(await within(dialog).findByText('A shipping price for this wilaya already exists')).toBeInTheDocument();
    expect(within(dialog).queryByText('Failed to save shipping price')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Wilaya')).toHaveValue('alger');
  });

  test('says "Failed to save shipping price" when the server gave no message', async () => {
    const fetchMock = stubFetch((url) => (url === '/api/ShippingPrice/all' ? { data: prices } : undefined));
    renderWithProviders(<ShippingPage />);
    await screen.findByText('Oran');
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const dialog = await addWilaya('Tlemcen', '700');
    expect(await within(dialog).findByText('Failed to save shipping price')).toBeInTheDocument();
  });

  test("a refused delete shows the server's message", async () => {
    stubFetch((url) => {
      if (url === '/api/ShippingPrice/all') return { data: prices };
      if (url === '/api/ShippingPrice/delete') return { status: 409, message: 'Orders still use this wilaya' };
      return undefined;
    });
    const confirm = vi.spyOn(window, 'confirm');
    renderWithProviders(<ShippingPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Oran' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete shipping price' });
    expect(dialog).toHaveTextContent('Delete the shipping price of Oran?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Orders still use this wilaya')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe('shipping prices: stop desks and the adjustment of all wilayas', () => {
  const bodies = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
    fetchMock.mock.calls
      .filter(([input]) => input === `/api${path}`)
      .map(([, init]) => JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as unknown);

  test('shows each stop desk fee or none, and saves an edited or emptied one', async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/api/ShippingPrice/all') return { data: prices };
      if (url === '/api/ShippingPrice/update') return { data: prices[0] };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShippingPage />);
    const alger = await screen.findByTestId('wilaya-16');
    expect(alger).toHaveTextContent(/250,00/);
    expect(screen.getByTestId('wilaya-31')).toHaveTextContent('No stop desk');
    await user.click(screen.getByRole('button', { name: 'Edit Alger' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit shipping price' });
    const stopDesk = within(dialog).getByLabelText('Stop desk (Da)');
    expect(stopDesk).toHaveValue('250');
    await user.clear(stopDesk);
    await user.type(stopDesk, '275,50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies(fetchMock, '/ShippingPrice/update')).toHaveLength(1));
    expect(bodies(fetchMock, '/ShippingPrice/update')[0]).toMatchObject({ id: 16, price: 400, stop_desk_price: 275.5 });

    await user.click(screen.getByRole('button', { name: 'Edit Alger' }));
    const again = screen.getByRole('dialog', { name: 'Edit shipping price' });
    await user.clear(within(again).getByLabelText('Stop desk (Da)'));
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies(fetchMock, '/ShippingPrice/update')).toHaveLength(2));
    expect(bodies(fetchMock, '/ShippingPrice/update')[1]).toMatchObject({ id: 16, stop_desk_price: null });
  });

  test('adjusts every wilaya only after a confirmation that says what will change', async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/api/ShippingPrice/all') return { data: prices };
      if (url === '/api/ShippingPrice/adjust') return { data: prices, message: 'Shipping prices adjusted' };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShippingPage />);
    await screen.findByText('Oran');
    await user.click(screen.getByRole('button', { name: 'Adjust all prices' }));
    let dialog = screen.getByRole('dialog', { name: 'Adjust every wilaya at once' });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('Enter a number other than 0')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'A percentage (%)' }));
    await user.type(within(dialog).getByLabelText('Value (negative lowers)'), '-10');
    await user.click(within(dialog).getByRole('radio', { name: 'Stop desk prices' }));
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));

    // Cancelling the confirmation sends nothing and brings the form back as it was.
    let confirm = screen.getByRole('dialog', { name: 'Change these wilayas?' });
    // Only Alger has a stop desk: it is the one counted.
    expect(confirm).toHaveTextContent('-10 % on the stop desk prices of 1 wilaya; the 1 other has none to change.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    dialog = screen.getByRole('dialog', { name: 'Adjust every wilaya at once' });
    expect(within(dialog).getByLabelText('Value (negative lowers)')).toHaveValue('-10');
    expect(bodies(fetchMock, '/ShippingPrice/adjust')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    confirm = screen.getByRole('dialog', { name: 'Change these wilayas?' });
    await user.click(within(confirm).getByRole('button', { name: 'Change 1 wilaya' }));
    expect(await screen.findByText('1 wilaya adjusted')).toBeInTheDocument();
    expect(bodies(fetchMock, '/ShippingPrice/adjust')).toEqual([
      { mode: 'percent', value: -10, apply_to: 'stop_desk' },
    ]);
  });

  test('says there is nothing to change, and sends nothing, when no wilaya has such a fee', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/ShippingPrice/all' ? { data: prices.map((p) => ({ ...p, stop_desk_price: null })) } : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ShippingPage />);
    await screen.findByText('Oran');
    await user.click(screen.getByRole('button', { name: 'Adjust all prices' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust every wilaya at once' });
    await user.type(within(dialog).getByLabelText('Value (negative lowers)'), '100');
    await user.click(within(dialog).getByRole('radio', { name: 'Stop desk prices' }));
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    const nothing = screen.getByRole('dialog', { name: 'Nothing to change' });
    expect(nothing).toHaveTextContent('No wilaya has stop desk prices to adjust: nothing would change.');
    expect(within(nothing).queryByRole('button', { name: /Change/ })).not.toBeInTheDocument();
    await user.click(within(nothing).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Adjust every wilaya at once' })).toBeInTheDocument();
    expect(bodies(fetchMock, '/ShippingPrice/adjust')).toHaveLength(0);
  });
});

describe('shipping prices: importing a fee grid', () => {
  const change = (code: number, name: string, from: [number, number | null], to: [number, number | null]) => ({
    wilaya_code: code,
    wilaya_name: name,
    price: { old: from[0], new: to[0] },
    stop_desk_price: { old: from[1], new: to[1] },
    changed: from[0] !== to[0] || from[1] !== to[1],
    communes: null,
    communes_before: 0,
    note: null,
  });
  const configured = { courier: 'yalidine', configured: true, webhook: false, sync_minutes: 30, quota: {} };
  const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
    fetchMock.mock.calls
      .filter(([input]) => input === `/api${path}`)
      .map(([, init]) => JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as unknown);

  test("Yalidine's fees, fetched in as many calls as its quota needs, previewed old → new, applied on confirmation", async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/ShippingPrice/all') return { data: prices };
      if (url === '/api/courier/status') return { data: configured };
      if (url === '/api/ShippingPrice/import/yalidine') {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { wilaya_codes?: number[] };
        return body.wilaya_codes
          ? { data: { rows: [change(31, 'Oran', [600, null], [600, null])], skipped: [], remaining: [] } }
          : { data: { rows: [change(16, 'Alger', [400, 250], [660, 460])], skipped: [], remaining: [31] } };
      }
      if (url === '/api/ShippingPrice/import') return { message: '1 wilaya(s) changed', data: prices };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShippingPage />);
    await user.click(await screen.findByRole('button', { name: 'Import fees from Yalidine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fees from Yalidine' });
    expect(await within(dialog).findByText('1 wilaya would change, 1 already match.', { exact: false })).toBeVisible();
    expect(bodyOf(fetchMock, '/ShippingPrice/import/yalidine')).toEqual([{}, { wilaya_codes: [31] }]);
    const alger = within(dialog).getByTestId('fee-change-16');
    expect(alger).toHaveTextContent(/Home\s*400,00 DA\s*→\s*becomes\s*660,00 DA/i);
    expect(alger).toHaveTextContent(/Stop desk\s*250,00 DA\s*→\s*becomes\s*460,00 DA/i);
    expect(within(dialog).queryByTestId('fee-change-31')).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Show the wilayas that already match'));
    expect(within(dialog).getByTestId('fee-change-31')).toHaveTextContent('unchanged');
    await user.click(within(dialog).getByRole('button', { name: 'Apply 1 change' }));
    expect(await screen.findByText('1 wilaya(s) changed')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/ShippingPrice/import')).toEqual([
      { rows: [{ wilaya_code: 16, price: 660, stop_desk_price: 460 }] },
    ]);
  });

  test('no Yalidine button without a courier account; a CSV file with bad lines lists them and applies nothing', async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/api/ShippingPrice/all') return { data: prices };
      if (url === '/api/courier/status') return { data: { ...configured, courier: null, configured: false } };
      if (url === '/api/ShippingPrice/import/csv') {
        return {
          status: 400,
          message: '2 line(s) of the file cannot be read; nothing was changed. Line 3: unknown wilaya "Atlantis"',
          data: {
            errors: [
              { line: 3, message: 'unknown wilaya "Atlantis"' },
              { line: 5, message: 'The home fee is missing' },
            ],
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShippingPage />);
    await screen.findByText('Oran');
    expect(screen.queryByRole('button', { name: 'Import fees from Yalidine' })).not.toBeInTheDocument();
    const file = new File(['wilaya;home;stop desk\nAlger;450;300\nAtlantis;1;1\n'], 'grille.csv', { type: 'text/csv' });
    await user.upload(
      screen.getByLabelText('Choose a CSV file of fees (wilaya; home; stop desk, or wilaya; commune; home; stop desk)'),
      file,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Fees from grille.csv' });
    const lines = await within(dialog).findByTestId('bad-lines');
    expect(lines).toHaveTextContent('Line 3: unknown wilaya "Atlantis"');
    expect(lines).toHaveTextContent('Line 5: The home fee is missing');
    expect(bodyOf(fetchMock, '/ShippingPrice/import/csv')).toEqual([
      { csv: 'wilaya;home;stop desk\nAlger;450;300\nAtlantis;1;1\n' },
    ]);
    expect(within(dialog).getByRole('button', { name: 'Nothing to apply' })).toBeDisabled();
    expect(bodyOf(fetchMock, '/ShippingPrice/import')).toEqual([]);
  });

  test('a file Excel saved in Windows-1252 is read as such, its names right, and the page says so', async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/api/ShippingPrice/all') return { data: prices };
      if (url === '/api/courier/status') return { data: { ...configured, courier: null, configured: false } };
      if (url === '/api/ShippingPrice/import/csv')
        return { data: { rows: [change(6, 'Béjaïa', [700, null], [750, 500])], skipped: [], remaining: [] } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShippingPage />);
    await screen.findByText('Oran');
    // "Béjaïa;750;500" in Windows-1252: é is 0xE9 and ï 0xEF, which are not UTF-8.
    const bytes = new Uint8Array([
      0x42, 0xe9, 0x6a, 0x61, 0xef, 0x61, 0x3b, 0x37, 0x35, 0x30, 0x3b, 0x35, 0x30, 0x30, 0x0a,
    ]);
    await user.upload(
      screen.getByLabelText('Choose a CSV file of fees (wilaya; home; stop desk, or wilaya; commune; home; stop desk)'),
      new File([bytes], 'excel.csv', { type: 'text/csv' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Fees from excel.csv' });
    expect(await within(dialog).findByText(/This file was not saved as UTF-8/)).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/ShippingPrice/import/csv')).toEqual([{ csv: 'Béjaïa;750;500\n' }]);
  });
});

describe('shipping prices: communes with their own fee', () => {
  const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
    fetchMock.mock.calls
      .filter(([input]) => input === `/api${path}`)
      .map(([, init]) => JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as unknown);

  test('says per wilaya how many communes have their own fee, lists them, and removes one', async () => {
    let communes = [
      { name: 'Cheraga', price: null, stop_desk_price: 200 },
      { name: 'Hydra', price: 550, stop_desk_price: null },
    ];
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/ShippingPrice/all') return { data: [{ ...prices[0], communes }, prices[1]] };
      if (url === '/api/ShippingPrice/commune/delete') {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { commune: string };
        communes = communes.filter((c) => c.name !== body.commune);
        return { data: { ...prices[0], communes } };
      }
      return undefined;
    });
    const confirm = vi.spyOn(window, 'confirm');
    const user = userEvent.setup();
    renderWithProviders(<ShippingPage />);
    const alger = await screen.findByTestId('wilaya-16');
    expect(within(screen.getByTestId('wilaya-31')).queryByText(/with own fee/)).not.toBeInTheDocument();
    await user.click(within(alger).getByRole('button', { name: '2 communes with own fee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Communes of Alger with their own fee' });
    expect(within(dialog).getByTestId('commune-fee-Hydra')).toHaveTextContent(
      /Home \(Da\): 550,00 DA · Stop desk \(Da\): wilaya’s/i,
    );
    expect(within(dialog).getByTestId('commune-fee-Cheraga')).toHaveTextContent(
      /Home \(Da\): wilaya’s · Stop desk \(Da\): 200,00 DA/i,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove Hydra' }));
    // Asked in the row itself (this is already a dialog), not by the browser.
    const row = within(dialog).getByTestId('commune-fee-Hydra');
    expect(row).toHaveTextContent('Remove the own fee of Hydra? It will cost the fees of Alger.');
    expect(bodyOf(fetchMock, '/ShippingPrice/commune/delete')).toEqual([]);
    await user.click(within(row).getByRole('button', { name: 'Yes, remove' }));
    expect(await within(dialog).findByText('Hydra now costs its wilaya’s fees')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    expect(bodyOf(fetchMock, '/ShippingPrice/commune/delete')).toEqual([{ id: 16, commune: 'Hydra' }]);
    await waitFor(() => expect(within(dialog).queryByTestId('commune-fee-Hydra')).not.toBeInTheDocument());
    expect(within(alger).getByRole('button', { name: '1 commune with own fee' })).toBeInTheDocument();
  });

  test("an import's preview says how many communes get their own fee, and applies them", async () => {
    const row = {
      wilaya_code: 31,
      wilaya_name: 'Oran',
      price: { old: 600, new: 600 },
      stop_desk_price: { old: null, new: 400 },
      communes: [{ name: 'Arzew', price: 650, stop_desk_price: null }],
      communes_before: 0,
      changed: true,
      note: '1 commune(s) priced apart',
    };
    const fetchMock = stubFetch((url) => {
      if (url === '/api/ShippingPrice/all') return { data: prices };
      if (url === '/api/courier/status') return { data: { courier: null, configured: false } };
      if (url === '/api/ShippingPrice/import/csv') return { data: { rows: [row], skipped: [], remaining: [] } };
      if (url === '/api/ShippingPrice/import') return { message: '1 wilaya(s) changed', data: prices };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ShippingPage />);
    await screen.findByText('Oran');
    const file = new File(['wilaya;commune;home;stop desk\nOran;;600;400\nOran;Arzew;650;\n'], 'grille.csv');
    await user.upload(screen.getByLabelText(/Choose a CSV file of fees/), file);
    const dialog = await screen.findByRole('dialog', { name: 'Fees from grille.csv' });
    expect(await within(dialog).findByTestId('fee-change-31')).toHaveTextContent(
      'Communes with own fee: 0 becomes 1: Arzew',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Apply 1 change' }));
    expect(await screen.findByText('1 wilaya(s) changed')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/ShippingPrice/import')).toEqual([
      {
        rows: [
          {
            wilaya_code: 31,
            price: 600,
            stop_desk_price: 400,
            communes: [{ name: 'Arzew', price: 650, stop_desk_price: null }],
          },
        ],
      },
    ]);
  });
});

describe('shipping prices: the wilayas of 2027', () => {
  test('says when the 69 come, which fees are provisional, which wilayas are not offered yet, and what the switch did', async () => {
    stubFetch((url) => {
      if (url === '/api/ShippingPrice/all') {
        return {
          data: [
            ...prices,
            {
              id: 90,
              wilaya_code: 59,
              wilaya_name: 'Aflou',
              price: 1234,
              stop_desk_price: null,
              communes: [],
              provisional: false,
              offered: false,
            },
            {
              id: 91,
              wilaya_code: 68,
              wilaya_name: 'Bou Saâda',
              price: 700,
              stop_desk_price: null,
              communes: [],
              provisional: true,
              offered: true,
            },
          ],
        };
      }
      if (url === '/api/ShippingPrice/divisions') {
        return {
          data: {
            setting: 'auto',
            in_force: { id: 'wilayas-2019', wilayas: 58 },
            next: { id: 'wilayas-2026', at: '2026-12-31T23:00:00.000Z' },
            switches: [
              {
                division: 'wilayas-2026',
                switched_at: '2026-12-31T23:00:04.000Z',
                log: [
                  "68 Bou Saâda: added with the fees of 28 M'Sila (home 700 Da, no stop desk), provisional until saved",
                ],
              },
            ],
          },
        };
      }
      return undefined;
    });
    renderWithProviders(<ShippingPage />);
    const panel = await screen.findByRole('region', { name: 'Wilayas in force' });
    expect(panel).toHaveTextContent('58 wilayas in force (wilayas-2019). GEO_DIVISION=auto: the calendar decides.');
    // Midnight in Algiers, whatever the browser's time zone.
    expect(panel).toHaveTextContent('wilayas-2026 comes into force on 1 Jan 2027, 00:00 (Algiers time)');
    expect(panel).toHaveTextContent('1 wilaya has provisional fees: check each and save it');
    expect(
      within(panel).getByText(
        "68 Bou Saâda: added with the fees of 28 M'Sila (home 700 Da, no stop desk), provisional until saved",
      ),
    ).toBeInTheDocument();
    const row = (name: string) => screen.getByTestId(`wilaya-${name}`);
    expect(row('91')).toHaveTextContent('Provisional');
    expect(row('91')).not.toHaveTextContent('Not offered yet');
    expect(row('90')).toHaveTextContent('Not offered yet');
    expect(row('16')).not.toHaveTextContent(/Provisional|Not offered yet/);
  });
});

describe("shipping prices: a new shop's first visits", () => {
  const fresh = prices.map((p) => ({ ...p, stop_desk_price: null }));

  test("say how to import the courier's grid and that there is no stop desk yet, until the owner has read it", async () => {
    localStorage.removeItem('admin.shippingHelpSeen');
    const fetchMock = stubFetch((url) => {
      if (url === '/api/ShippingPrice/all') return { data: fresh };
      if (url === '/api/courier/status') return { data: { courier: 'yalidine', configured: true } };
      if (url === '/api/ShippingPrice/import/csv') return { data: { rows: [], skipped: [], remaining: [] } };
      return undefined;
    });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<ShippingPage />);
    const start = await screen.findByTestId('shipping-start');
    expect(start).toHaveTextContent('No wilaya has a stop desk fee yet: customers can only choose home delivery');
    expect(start).toHaveTextContent('16 - Alger;400;250');
    expect(await within(start).findByRole('button', { name: 'Import my Yalidine fees' })).toBeInTheDocument();
    await user.upload(
      within(start).getByLabelText('Choose your courier’s CSV file of fees'),
      new File(['16 - Alger;400;250\n'], 'grille.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Fees from grille.csv' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/ShippingPrice/import/csv')).toBe(true);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Fees from grille.csv' })).getByRole('button', { name: 'Cancel' }),
    );

    await user.click(within(start).getByRole('button', { name: 'Got it' }));
    // Read: only the line about stop desks stays while no wilaya has one.
    expect(screen.getByTestId('shipping-start')).not.toHaveTextContent('starting figures');
    unmount();
    stubFetch((url) => (url === '/api/ShippingPrice/all' ? { data: prices } : undefined));
    renderWithProviders(<ShippingPage />);
    await screen.findByText('Oran');
    expect(screen.queryByTestId('shipping-start')).not.toBeInTheDocument();
    localStorage.removeItem('admin.shippingHelpSeen');
  });
});
