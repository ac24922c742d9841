import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { RatingPage } from './rating-page.tsx';

let fetchMock: Mock<(url: string, init?: RequestInit) => Promise<Response>>;

function envelope(status: number, data: unknown, message = ''): Response {
  return new Response(JSON.stringify({ status, message, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(envelope(201, { id: 1 }, 'Merci pour votre avis !')),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/Rating']}>
      <RatingPage />
      <ToastContainer />
    </MemoryRouter>,
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nom complet'), 'Karim Haddad');
  await user.type(screen.getByLabelText('Numéro de téléphone'), '0661234567');
  await user.type(screen.getByLabelText('Votre avis'), 'Très belle qualité, livraison rapide.');
}

describe('RatingPage', () => {
  it('shows every validation message and clears one when its field is edited', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Envoyer mon avis' }));
    expect(await screen.findByText('Le nom est requis')).toBeInTheDocument();
    expect(screen.getByText('Le numéro de téléphone est requis')).toBeInTheDocument();
    expect(screen.getByText('Votre avis est requis')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Numéro de téléphone'), '0661');
    expect(screen.queryByText('Le numéro de téléphone est requis')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Envoyer mon avis' }));
    expect(await screen.findByText('Numéro de téléphone invalide (ex. 0555 12 34 56)')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the real limit when a name or a review is too long, not that it is missing', async () => {
    const user = userEvent.setup();
    renderPage();
    const name = screen.getByLabelText('Nom complet');
    await user.click(name);
    await user.paste('N'.repeat(121));
    await user.type(screen.getByLabelText('Numéro de téléphone'), '0661 23 45 67');
    await user.click(screen.getByLabelText('Votre avis'));
    await user.paste('x'.repeat(2001));
    await user.click(screen.getByRole('button', { name: 'Envoyer mon avis' }));
    expect(await screen.findByText('Le nom ne doit pas dépasser 120 caractères')).toBeInTheDocument();
    expect(screen.getByText('Votre avis ne doit pas dépasser 2000 caractères')).toBeInTheDocument();
    expect(screen.queryByText('Votre avis est requis')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('has a keyboard-accessible star radio group defaulting to 5', async () => {
    const user = userEvent.setup();
    renderPage();
    const group = screen.getByRole('radiogroup', { name: 'Votre note' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 étoiles' })).toBeChecked();
    expect(screen.getByText('5 sur 5')).toBeInTheDocument();
    screen.getByRole('radio', { name: '5 étoiles' }).focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '3 étoiles' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '3 étoiles' })).toHaveFocus();
    expect(screen.getByText('3 sur 5')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '1 étoile' }));
    expect(screen.getByText('1 sur 5')).toBeInTheDocument();
  });

  it('posts the review and shows the thank-you screen', async () => {
    const user = userEvent.setup();
    renderPage();
    await fill(user);
    await user.click(screen.getByRole('radio', { name: '4 étoiles' }));
    await user.click(screen.getByRole('button', { name: 'Envoyer mon avis' }));
    expect(await screen.findByRole('heading', { name: 'Merci pour votre avis !' })).toBeInTheDocument();
    expect(screen.getAllByText('Merci pour votre avis !').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('link', { name: 'Continuer vos achats' })).toHaveAttribute('href', '/Shop');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/BrandRating/create');
    expect(JSON.parse(init.body as string)).toEqual({
      customer_name: 'Karim Haddad',
      customer_phone: '0661234567',
      rating: 4,
      review: 'Très belle qualité, livraison rapide.',
    });
  });

  it('sends the order number typed as proof of purchase, with or without "#"', async () => {
    const user = userEvent.setup();
    renderPage();
    await fill(user);
    await user.type(screen.getByLabelText('Numéro de commande (facultatif)'), '#1234');
    await user.click(screen.getByRole('button', { name: 'Envoyer mon avis' }));
    await screen.findByRole('heading', { name: 'Merci pour votre avis !' });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ order_id: 1234 });
  });

  it('shows the server message on failure and keeps the form', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(() => Promise.resolve(envelope(429, null, 'Trop de requêtes, réessayez plus tard')));
    renderPage();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Envoyer mon avis' }));
    expect(await screen.findByText('Trop de requêtes, réessayez plus tard')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom complet')).toHaveValue('Karim Haddad');
  });

  it('falls back to the generic messages', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'content-type': 'text/html' },
        }),
      ),
    );
    renderPage();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Envoyer mon avis' }));
    expect(await screen.findByText("Une erreur s'est produite")).toBeInTheDocument();
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')));
    await user.click(screen.getByRole('button', { name: 'Envoyer mon avis' }));
    expect(await screen.findByText("Une erreur s'est produite lors de l'envoi de votre avis")).toBeInTheDocument();
  });
});
