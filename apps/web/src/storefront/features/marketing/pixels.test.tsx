// The pixels load only when configured and only after the first interaction; events wait in
// their queues until then and carry the order's event id.
import { afterEach, describe, expect, it } from 'vitest';
import { resetPixelsForTests, startPixels, trackAdEvent } from './pixels.ts';

const SCRIPTS = {
  meta: 'https://connect.facebook.net/en_US/fbevents.js',
  tiktok: 'https://analytics.tiktok.com/i18n/pixel/events.js',
};
const scripts = () => [...document.querySelectorAll('script')].map((s) => s.src);

afterEach(() => {
  resetPixelsForTests();
  for (const s of document.querySelectorAll('script')) s.remove();
});

describe('the ad pixels', () => {
  it('load nothing when no pixel is set', () => {
    startPixels({ meta: null, tiktok: null, scripts: SCRIPTS });
    trackAdEvent('PageView');
    window.dispatchEvent(new Event('pointerdown'));
    expect(scripts()).toEqual([]);
    expect(window.fbq).toBeUndefined();
    expect(window.ttq).toBeUndefined();
  });

  it("load the platforms' scripts after the first interaction, the events queued before with their ids", () => {
    startPixels({ meta: '123456789012345', tiktok: 'CTIKTOKPIXEL', scripts: SCRIPTS });
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

  it('keep an event sent before the settings came (a page’s effect runs first) and send it once they do', () => {
    trackAdEvent('PageView');
    trackAdEvent('ViewContent', { value: 1500, contents: [{ id: '9', quantity: 1 }] });
    startPixels({ meta: '123456789012345', tiktok: null, scripts: SCRIPTS });
    trackAdEvent('PageView');
    expect(window.fbq?.queue).toEqual([
      ['init', '123456789012345'],
      [
        'track',
        'ViewContent',
        {
          value: 1500,
          currency: 'DZD',
          content_ids: ['9'],
          contents: [{ id: '9', quantity: 1 }],
          content_type: 'product',
        },
        {},
      ],
      ['track', 'PageView', {}, {}],
    ]);
  });

  it('drop what waited when the settings say there is no pixel', () => {
    trackAdEvent('AddToCart', { value: 1500, contents: [{ id: '9', quantity: 1 }] });
    startPixels({ meta: null, tiktok: null, scripts: SCRIPTS });
    startPixels({ meta: '123456789012345', tiktok: null, scripts: SCRIPTS });
    expect(window.fbq?.queue).toEqual([['init', '123456789012345']]);
  });
});
