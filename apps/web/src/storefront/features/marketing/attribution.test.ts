// What a checkout sends about where its customer came from: the first landing kept across the
// visit, a new ad click replacing it, Meta's fbc built from fbclid, the pixels' cookies.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { attributionFor, captureLanding, orderEventId } from './attribution.ts';

function clearCookies() {
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});
afterEach(clearCookies);

describe('attribution', () => {
  it("keeps an ad landing's address, UTM tags and click ids, fbclid as Meta's fbc", () => {
    const landing =
      'https://boutique.example/product/12?utm_source=facebook&utm_campaign=Soldes&fbclid=IwAR0abc&ttclid=E.C.P.xyz';
    const landed = Date.now();
    captureLanding(landing, landed);
    // A later page of the same visit changes nothing.
    captureLanding('https://boutique.example/cart', landed + 60_000);
    expect(attributionFor('ord-0123456789abcdef')).toEqual({
      event_id: 'ord-0123456789abcdef',
      fbc: `fb.1.${landed}.IwAR0abc`,
      ttclid: 'E.C.P.xyz',
      landing_url: landing,
      utm_source: 'facebook',
      utm_campaign: 'Soldes',
    });
  });

  it("a new ad click replaces the last one's tags; the pixels' cookies win over ours", () => {
    captureLanding('https://boutique.example/?utm_source=facebook&fbclid=first', Date.now() - 60_000);
    captureLanding('https://boutique.example/?utm_source=tiktok&ttclid=second', Date.now());
    document.cookie = '_fbp=fb.1.1764000000000.987654321; path=/';
    document.cookie = '_fbc=fb.1.1764000000001.fromthepixel; path=/';
    document.cookie = '_ttp=ttp-cookie; path=/';
    expect(attributionFor('ord-abcdefgh')).toEqual({
      event_id: 'ord-abcdefgh',
      fbp: 'fb.1.1764000000000.987654321',
      fbc: 'fb.1.1764000000001.fromthepixel',
      ttp: 'ttp-cookie',
      ttclid: 'second',
      landing_url: 'https://boutique.example/?utm_source=tiktok&ttclid=second',
      utm_source: 'tiktok',
    });
  });

  it('sends only the event id for a visit that came from nowhere in particular', () => {
    expect(attributionFor(orderEventId('0123456789abcdef0123456789abcdef'))).toEqual({
      event_id: 'ord-0123456789abcdef0123456789abcdef',
    });
  });
});
