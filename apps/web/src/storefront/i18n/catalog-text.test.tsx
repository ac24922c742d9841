import { afterEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { CatalogText, catalogText } from './catalog-text.tsx';
import { activateLanguage } from './i18n.ts';

afterEach(async () => {
  await act(() => activateLanguage('fr'));
});

describe('a catalogue text', () => {
  it('on the Arabic storefront, sets a French-only text apart so its punctuation stays where French puts it', async () => {
    await activateLanguage('ar');
    const { container } = render(
      <p>
        <CatalogText fr="Savon (200 g)." ar={null} />
      </p>,
    );
    const isolated = container.querySelector('bdi');
    expect(isolated).toHaveAttribute('lang', 'fr');
    expect(isolated).toHaveTextContent('Savon (200 g).');
    expect(catalogText('Savon (200 g).')).toBe('\u2068Savon (200 g).\u2069');
    // Its Arabic, when the owner gave one, is shown as it is.
    const arabic = render(<CatalogText fr="Savon" ar="صابون" />).container;
    expect(arabic.innerHTML).toBe('صابون');
    expect(catalogText('Savon', 'صابون')).toBe('صابون');
  });

  it('on the French storefront, is the French text as it is', () => {
    const { container } = render(<CatalogText fr="Savon" ar="صابون" />);
    expect(container.innerHTML).toBe('Savon');
    expect(catalogText('Savon')).toBe('Savon');
  });
});
