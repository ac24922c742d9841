// The pixels load only when configured and only after the first interaction; events wait in
// their queues until then and carry the order's event id.
import { afterEach, describe, expect, it } from 'vitest';
import { resetPixelsForTests, startPixels, trackAdEvent } from './pixels.ts';

const scripts = () => [...document.querySelectorAll('script')].map((s) => s.src);

afterEach(() => {
  resetPixelsForTests();
  for (const s of document.querySelectorAll('script')) s.remove();
});

describe('the ad pixels', () => {
  it('load nothing when no pixel is set', () => {
    startPixels({ meta: null, tiktok: null });
    trackAdEvent('PageView');
    window.dispatchEvent(new Event('pointerdown'));
    expect(scripts()).toEqual([]);
    expect(window.fbq).toBeUndefined();
    expect(window.ttq).toBeUndefined();
  });

  it("load the platforms' scripts after the first interaction, the events queued before with their ids", () => {
    startPixels({ meta: '123456789012345', tiktok: 'CTIKTOKPIXEL' });
    trackAdEvent('PageView');
    trackAdEvent('OrderPlaced', { value: 2900, contents: [{ id: '7', quantity: 2 }] }, 'ord-0123456789');
    expect(scripts()).toEqual([]);

    window.dispatchEvent(new Event('pointerdown'));
    expect(scripts()).toEqual([
      'https://connect.facebook.net/en_US/fbevents.js',
      'https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=CTIKTOKPIXEL&lib=ttq',
    ]);
    expect(window.fbq?.queue).toEqual([
      ['init', '123456789012345'],
      ['track', 'PageView', {}, {}],
      [
        'track',
        'Lead',
        {
          value: 2900,
          currency: 'DZD',
          content_ids: ['7'],
          contents: [{ id: '7', quantity: 2 }],
          content_type: 'product',
        },
        { eventID: 'ord-0123456789' },
      ],
    ]);
    expect([...(window.ttq ?? [])]).toEqual([
      ['page'],
      [
        'track',
        'SubmitForm',
        { value: 2900, currency: 'DZD', content_type: 'product', contents: [{ content_id: '7', quantity: 2 }] },
        { event_id: 'ord-0123456789' },
      ],
    ]);
    // A second interaction loads nothing more.
    window.dispatchEvent(new Event('keydown'));
    expect(scripts()).toHaveLength(2);
  });
});
