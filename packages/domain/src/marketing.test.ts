import { describe, expect, it } from 'vitest';
import { attributionSchema, fbcOf, phoneForAds } from './marketing.ts';

describe('what the ad platforms are sent', () => {
  it('writes a phone as 213 and its nine digits (eight for a landline), whatever the spelling', () => {
    expect(phoneForAds('0555123456')).toBe('213555123456');
    expect(phoneForAds('0661 12 34 56')).toBe('213661123456');
    expect(phoneForAds('+213 770 12 34 56')).toBe('213770123456');
    expect(phoneForAds('021123456')).toBe('21321123456');
    expect(phoneForAds('12345')).toBeNull();
  });

  it("builds Meta's click id from fbclid and the landing's time", () => {
    expect(fbcOf('IwAR2abc', 1_764_000_000_000)).toBe('fb.1.1764000000000.IwAR2abc');
  });

  it('takes attribution as optional, drops what is empty, refuses what is malformed', () => {
    expect(attributionSchema.parse({ fbp: '', utm_source: ' facebook ', event_id: 'ord-0123456789' })).toEqual({
      fbp: undefined,
      fbc: undefined,
      ttp: undefined,
      ttclid: undefined,
      utm_source: 'facebook',
      utm_medium: undefined,
      utm_campaign: undefined,
      utm_content: undefined,
      utm_term: undefined,
      landing_url: undefined,
      event_id: 'ord-0123456789',
    });
    for (const bad of [
      { fbc: 'fb.1.x' },
      { event_id: 'short' },
      { landing_url: 'ftp://x' },
      { ttclid: 'a b' },
      { utm_campaign: 'a\u202eb' },
    ]) {
      expect(attributionSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
