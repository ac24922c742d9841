// The commune picker and the delivery choice alone; the cart and custom order tests use
// them in their forms.
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveryType } from '@shop/domain/shipping-schemas';
import { fail, mockFetch, ok, renderPage } from '../../../test-utils.tsx';
import { activateLanguage } from '../../../i18n/i18n.ts';
import type { Commune } from '../../../../lib/communes.ts';
import { CommunePicker } from './commune-picker.tsx';
import { DeliveryChoice } from './delivery-choice.tsx';

const ALGER: Commune[] = [
  { name: 'Alger Centre', name_ar: 'الجزائر الوسطى', postal_code: '16000' },
  { name: 'Bab El Oued', name_ar: 'باب الوادي', postal_code: null },
  { name: 'Bab Ezzouar', name_ar: 'باب الزوار', postal_code: null },
  { name: 'El Biar', name_ar: 'الأبيار', postal_code: null },
];

/** M'Sila from 2027: its own communes, and Bou Saâda's that left it for wilaya 68. */
const MSILA_2027: Commune[] = [
  { name: "M'Sila", name_ar: 'المسيلة', postal_code: '28000' },
  { name: 'Magra', name_ar: 'مقرة', postal_code: null },
  { name: 'Bou Saada', name_ar: 'بوسعادة', postal_code: null, moved_to: { code: 68, name: 'Bou Saâda' } },
  {
    name: 'Ouled Sidi Brahim',
    name_ar: 'أولاد سيدي ابراهيم',
    postal_code: null,
    moved_to: { code: 68, name: 'Bou Saâda' },
  },
];

function Picker({
  wilaya,
  onPick,
  onMoved,
}: {
  wilaya: string;
  onPick: (name: string, commune: Commune | null) => void;
  onMoved?: (code: number, commune: Commune) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <CommunePicker
      id="commune"
      wilaya={wilaya}
      value={value}
      onChange={(name, commune) => {
        setValue(name);
        onPick(name, commune);
      }}
      {...(onMoved ? { onMoved } : {})}
    />
  );
}

describe('CommunePicker', () => {
  it("loads the wilaya's communes, filters as one types (accents, case, Arabic) and picks by keyboard", async () => {
    const fetchMock = mockFetch((url) =>
      url.pathname === '/api/commune' && url.searchParams.get('wilaya') === 'Alger' ? ok(ALGER) : undefined,
    );
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderPage(<Picker wilaya="Alger" onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'Commune' });
    await waitFor(() => expect(box).toBeEnabled());
    await user.type(box, 'BAB');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Bab El Oued باب الوادي', 'Bab Ezzouar باب الزوار']);
    await user.clear(box);
    await user.type(box, 'الأبيار');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['El Biar الأبيار']);
    await user.clear(box);
    await user.type(box, 'zz');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenLastCalledWith('Bab Ezzouar', ALGER[2]);
    expect(box).toHaveValue('Bab Ezzouar');
    await user.clear(box);
    await user.type(box, 'nowhere');
    expect(screen.getByText('Aucune commune ne correspond')).toHaveAttribute('role', 'status');
    // Static data: asked once.
    expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/commune'))).toHaveLength(1);
  });

  it('suggests a commune typed under the wilaya it left with the wilaya it is in now, and moves the order there', async () => {
    mockFetch((url) =>
      url.pathname === '/api/commune' && url.searchParams.get('wilaya') === "M'Sila" ? ok(MSILA_2027) : undefined,
    );
    const onPick = vi.fn();
    const onMoved = vi.fn();
    const user = userEvent.setup();
    renderPage(<Picker wilaya="M'Sila" onPick={onPick} onMoved={onMoved} />);
    const box = screen.getByRole('combobox', { name: 'Commune' });
    await waitFor(() => expect(box).toBeEnabled());
    // The list of M'Sila is its own communes…
    await user.click(screen.getByRole('button', { name: 'Afficher les communes' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(["M'Sila المسيلة", 'Magra مقرة']);
    // …and one that left it is found by its name, with where it is now.
    await user.type(box, 'bou saâda');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent?.trim())).toEqual(['Bou Saada désormais wilaya 68 - Bou Saâda']);
    await user.click(options[0]!);
    expect(onMoved).toHaveBeenCalledWith(68, MSILA_2027[2]);
    expect(onPick).not.toHaveBeenCalled();
    // Typed in full and left, it is not taken as a commune of M'Sila.
    await user.clear(box);
    await user.type(box, 'Ouled Sidi Brahim');
    await user.tab();
    expect(onPick).not.toHaveBeenCalledWith('Ouled Sidi Brahim', expect.anything());
  });

  it('waits for a wilaya, and takes the commune as typed in a wilaya the data does not have', async () => {
    mockFetch((url) => (url.pathname === '/api/commune' ? fail(404, 'Wilaya inconnue') : undefined));
    const onPick = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderPage(<Picker wilaya="" onPick={onPick} />);
    expect(screen.getByRole('combobox', { name: 'Commune' })).toBeDisabled();
    expect(screen.getByText('Choisissez d’abord la wilaya')).toBeInTheDocument();
    unmount();
    renderPage(<Picker wilaya="Zone franche" onPick={onPick} />);
    const box = await screen.findByRole('textbox', { name: 'Commune' });
    await user.type(box, 'Quartier Est');
    expect(onPick).toHaveBeenLastCalledWith('Quartier Est', null);
  });
});

describe('CommunePicker on the Arabic storefront', () => {
  afterEach(async () => {
    await act(() => activateLanguage('fr'));
  });

  it('names each commune in Arabic with its French name beside it; the order keeps the French name', async () => {
    await act(() => activateLanguage('ar'));
    mockFetch((url) =>
      url.pathname === '/api/commune' && url.searchParams.get('wilaya') === 'Alger' ? ok(ALGER) : undefined,
    );
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderPage(<Picker wilaya="Alger" onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'البلدية' });
    await waitFor(() => expect(box).toBeEnabled());
    await user.type(box, 'bab');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['باب الوادي Bab El Oued', 'باب الزوار Bab Ezzouar']);
    expect(within(options[0]!).getByText('Bab El Oued')).toHaveAttribute('lang', 'fr');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenLastCalledWith('Bab Ezzouar', ALGER[2]);
    expect(box).toHaveValue('باب الزوار');
    // Typed in full in either language and left: chosen.
    await user.clear(box);
    await user.type(box, 'el biar');
    await user.tab();
    expect(onPick).toHaveBeenLastCalledWith('El Biar', ALGER[3]);
    expect(box).toHaveValue('الأبيار');
  });

  it('says in Arabic where a commune that left the wilaya is now', async () => {
    await act(() => activateLanguage('ar'));
    mockFetch((url) =>
      url.pathname === '/api/commune' && url.searchParams.get('wilaya') === "M'Sila" ? ok(MSILA_2027) : undefined,
    );
    const onMoved = vi.fn();
    const user = userEvent.setup();
    renderPage(<Picker wilaya="M'Sila" onPick={vi.fn()} onMoved={onMoved} />);
    const box = screen.getByRole('combobox', { name: 'البلدية' });
    await waitFor(() => expect(box).toBeEnabled());
    await user.type(box, 'بوسعادة');
    expect(screen.getAllByRole('option').map((o) => o.textContent?.trim())).toEqual([
      'بوسعادة أصبحت في ولاية 68 - بوسعادة',
    ]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onMoved).toHaveBeenCalledWith(68, MSILA_2027[2]);
  });
});

describe('DeliveryChoice', () => {
  function Choice({ wilaya }: { wilaya: { price: number; stop_desk_price: number | null } | null }) {
    const [value, setValue] = useState<DeliveryType>('home');
    return <DeliveryChoice wilaya={wilaya} value={value} onChange={setValue} />;
  }

  it('shows each fee and lets the customer pick the stop desk where there is one', async () => {
    const user = userEvent.setup();
    renderPage(<Choice wilaya={{ price: 400, stop_desk_price: 250 }} />);
    const group = within(screen.getByRole('group', { name: 'Mode de livraison' }));
    expect(group.getByRole('radio', { name: /À domicile.*400,00 Da/ })).toBeChecked();
    await user.click(group.getByRole('radio', { name: /Point relais \(stop desk\).*250,00 Da/ }));
    expect(group.getByRole('radio', { name: /Point relais/ })).toBeChecked();
  });

  it('turns the stop desk off, with a note, where the wilaya has none; fees wait for a wilaya', () => {
    const { unmount } = renderPage(<Choice wilaya={{ price: 600, stop_desk_price: null }} />);
    const desk = screen.getByRole('radio', { name: /Point relais/ });
    expect(desk).toBeDisabled();
    expect(desk.closest('label')).toHaveTextContent('Pas de point relais dans cette wilaya');
    unmount();
    renderPage(<Choice wilaya={null} />);
    expect(screen.getByRole('radio', { name: /À domicile/ }).closest('label')).toHaveTextContent('selon la wilaya');
  });
});
