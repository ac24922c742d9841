// French colour names of the custom-order catalogue → CSS colours for the swatch preview.
const SWATCHES: Record<string, string> = {
  blanc: '#ffffff',
  noir: '#111111',
  rouge: '#d32f2f',
  bleu: '#1e63d6',
  'bleu marine': '#1f2a52',
  'bleu ciel': '#87ceeb',
  vert: '#2e7d32',
  'vert olive': '#6b7a2f',
  gris: '#9e9e9e',
  'gris clair': '#d0d0d0',
  'gris foncé': '#555555',
  beige: '#e8dcc4',
  rose: '#f4a6c1',
  jaune: '#f9d71c',
  orange: '#f57c00',
  violet: '#7b1fa2',
  marron: '#6d4c41',
  bordeaux: '#7b1e2b',
  kaki: '#8a8450',
  turquoise: '#1abc9c',
};

export const FALLBACK_SWATCH = '#9e9e9e';

export function colorSwatch(name: string): string {
  const key = name.trim().toLowerCase().replace(/\s+/g, ' ');
  return SWATCHES[key] ?? FALLBACK_SWATCH;
}
