import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazy, Suspense } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, pageReload } from '../chunk-reload.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { LoadError } from './load-error.tsx';

/** A page whose code cannot be fetched, as Chromium reports it. */
function missingChunk() {
  return lazy(() =>
    Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://shop/assets/shop-Ab12.js')),
  );
}

function show(Page: ReturnType<typeof missingChunk>, lang: 'fr' | 'ar' | 'en' = 'fr') {
  return render(
    <ErrorBoundary fallback={(retry) => <LoadError lang={lang} onRetry={retry} />}>
      <Suspense fallback={<p>…</p>}>
        <Page />
      </Suspense>
    </ErrorBoundary>,
  );
}

let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('a page whose code fails to load', () => {
  it('reloads once, then shows "Réessayer" instead of reloading in a loop', async () => {
    show(missingChunk());
    expect(await screen.findByRole('alert')).toHaveTextContent('La page n’a pas pu s’afficher');
    expect(reload).toHaveBeenCalledTimes(1);

    // The reloaded page fails again at once: no second automatic reload, the retry screen stays.
    cleanup();
    show(missingChunk());
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads by itself again once the guard has passed (a later deploy)', async () => {
    sessionStorage.setItem('shop.chunkReloadAt', String(Date.now() - CHUNK_RELOAD_GUARD_MS - 1));
    show(missingChunk());
    await screen.findByRole('alert');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says it in Arabic on /ar and in English in the back office', async () => {
    sessionStorage.setItem('shop.chunkReloadAt', String(Date.now()));
    show(missingChunk(), 'ar');
    expect(await screen.findByRole('button', { name: 'أعد المحاولة' })).toBeInTheDocument();
    cleanup();
    show(missingChunk(), 'en');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('does not reload by itself for an error that is not a failed load', async () => {
    const Broken = lazy(() => Promise.reject(new Error('boom')));
    show(Broken);
    await screen.findByRole('alert');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: /assets/a.js',
    'error loading dynamically imported module: /assets/a.js',
    'Importing a module script failed.',
    "Failed to load module script: Expected a JavaScript module script but the server responded with a MIME type of 'text/html'.",
  ])('knows %j', (message) => expect(isChunkLoadError(new TypeError(message))).toBe(true));

  it('knows nothing else', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
