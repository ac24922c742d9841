// The custom-order catalogue's colours, by their French name as the owner writes them: the CSS
// colour of the swatch preview, and the name's Arabic on the Arabic storefront (catalogue color.*).
import { localized, t, type MessageKey } from '../../i18n/i18n.ts';

const PALETTE: Record<string, { swatch: string; name: MessageKey }> = {
  blanc: { swatch: '#ffffff', name: 'color.white' },
  noir: { swatch: '#111111', name: 'color.black' },
  rouge: { swatch: '#d32f2f', name: 'color.red' },
  bleu: { swatch: '#1e63d6', name: 'color.blue' },
  'bleu marine': { swatch: '#1f2a52', name: 'color.navy' },
  'bleu ciel': { swatch: '#87ceeb', name: 'color.skyBlue' },
  vert: { swatch: '#2e7d32', name: 'color.green' },
  'vert olive': { swatch: '#6b7a2f', name: 'color.olive' },
  gris: { swatch: '#9e9e9e', name: 'color.grey' },
  'gris clair': { swatch: '#d0d0d0', name: 'color.lightGrey' },
  'gris foncé': { swatch: '#555555', name: 'color.darkGrey' },
  beige: { swatch: '#e8dcc4', name: 'color.beige' },
  rose: { swatch: '#f4a6c1', name: 'color.pink' },
  jaune: { swatch: '#f9d71c', name: 'color.yellow' },
  orange: { swatch: '#f57c00', name: 'color.orange' },
  violet: { swatch: '#7b1fa2', name: 'color.purple' },
  marron: { swatch: '#6d4c41', name: 'color.brown' },
  bordeaux: { swatch: '#7b1e2b', name: 'color.burgundy' },
  kaki: { swatch: '#8a8450', name: 'color.khaki' },
  turquoise: { swatch: '#1abc9c', name: 'color.turquoise' },
};

export const FALLBACK_SWATCH = '#9e9e9e';

function paletteEntry(name: string) {
  return PALETTE[name.trim().toLowerCase().replace(/\s+/g, ' ')];
}

export function colorSwatch(name: string): string {
  return paletteEntry(name)?.swatch ?? FALLBACK_SWATCH;
}

/**
 * A colour as the owner wrote it on the French pages; on the Arabic ones its Arabic name when it
 * is one of the palette's (another colour stays as written).
 */
export function colorName(name: string): string {
  const entry = paletteEntry(name);
  return localized(name, entry ? t(entry.name) : null);
}
