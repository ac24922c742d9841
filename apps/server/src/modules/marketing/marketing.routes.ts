// The owner's ad platforms in the back office (docs/marketing.md): settings with write-only
// tokens, the server events log, and a test event the platform's test tool shows.
import { randomUUID } from 'node:crypto';
import {
  AD_PLATFORM_LABELS,
  PURCHASE_EVENT,
  adEventSchema,
  adEventsQuerySchema,
  adTestEventSchema,
  adTestResultSchema,
  marketingSettingsReadSchema,
  marketingSettingsSchema,
} from '@shop/domain/marketing';
import { envelopeSchema } from '@shop/domain/responses';
import { z } from 'zod';
import { errorResponses } from '../../http/contracts.ts';
import { envelope } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { adEventsLog } from './ad-events.service.ts';
import { adHosts } from './ad-events-worker.ts';
import { metaEvent, sendToPlatform, tiktokEvent, type PurchaseFacts } from './ad-platforms.ts';
import {
  marketingSettingsView,
  readMarketingSettings,
  saveMarketingSettings,
  sendsServerEvents,
} from './marketing-settings.ts';

export function marketingAdminRoutes(admin: App): void {
  const tags = ['marketing'];
  admin.get(
    '/marketing/settings',
    {
      schema: {
        tags,
        summary: 'The ad platforms: pixel ids, whether a token is set (never the token), the purchase stage',
        response: { 200: envelopeSchema(marketingSettingsReadSchema) },
      },
    },
    async () => envelope(marketingSettingsView(await readMarketingSettings(admin.db.kysely))),
  );

  admin.put(
    '/marketing/settings',
    {
      schema: {
        tags,
        summary: 'Sets the ad platforms; a token left out keeps the saved one, an empty one removes it',
        body: marketingSettingsSchema,
        response: { 200: envelopeSchema(marketingSettingsReadSchema) },
      },
    },
    async (request) => {
      const saved = await saveMarketingSettings(admin.db.kysely, request.body);
      // The storefront's pixels come with the shop's settings.
      admin.shopSettings.forget();
      return envelope(marketingSettingsView(saved), 'Marketing settings saved');
    },
  );

  admin.get(
    '/marketing/events',
    {
      schema: {
        tags,
        summary: 'Server events to the ad platforms, newest first (200 at most), of a platform or of an order',
        querystring: adEventsQuerySchema,
        response: { 200: envelopeSchema(z.array(adEventSchema)) },
      },
    },
    async (request) =>
      envelope(
        await adEventsLog(admin.db.kysely, { platform: request.query.platform, orderId: request.query.order_id }),
      ),
  );

  admin.post(
    '/marketing/test-event',
    {
      schema: {
        tags,
        summary: "Sends a test purchase to the platform with its test event code; answers the platform's word",
        body: adTestEventSchema,
        response: { 200: envelopeSchema(adTestResultSchema), ...errorResponses(400) },
      },
    },
    async (request) => {
      const { platform } = request.body;
      const settings = (await readMarketingSettings(admin.db.kysely))[platform];
      const label = AD_PLATFORM_LABELS[platform];
      if (!sendsServerEvents(settings)) throw badRequest(`Set ${label}'s pixel id and access token first`);
      // Without the code the platform would count the test as a real purchase.
      if (!settings.testEventCode) throw badRequest(`Set ${label}'s test event code first`);
      const facts: PurchaseFacts = {
        eventName: PURCHASE_EVENT[platform],
        eventId: `test-${randomUUID()}`,
        eventTime: Math.floor(Date.now() / 1000),
        orderId: 0,
        valueDa: 1000,
        contents: [{ id: 'test', quantity: 1 }],
        phone: admin.config.shop.phone,
        wilaya: 'Alger',
        commune: 'Alger Centre',
        pageUrl: admin.config.publicBaseUrl || null,
        fbp: null,
        fbc: null,
        ttp: null,
        ttclid: null,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      };
      const event = platform === 'meta' ? metaEvent(facts) : tiktokEvent(facts);
      const outcome = await sendToPlatform(platform, settings, event, adHosts(admin));
      const ok = outcome.kind === 'sent';
      return envelope(
        { ok, status: outcome.status, message: outcome.message },
        ok ? `Test event sent to ${label}` : `${label} did not take the test event`,
      );
    },
  );
}
