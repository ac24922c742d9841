// A shop of the previous release upgraded (SQLite and PostgreSQL): its drafts keep what they had,
// with no attribution, and the same draft saved again afterwards keeps the checkout's attribution
// and the request's client beside it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkoutDraftSchema } from '@shop/domain/checkout-drafts';
import type { Db } from '../connect.ts';
import { migrate } from '../migrate.ts';
import { migratedDatabase } from '../../../test/harness.ts';
import { saveDraft } from '../../modules/leads/leads.service.ts';

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await migratedDatabase('028-checkout-drafts'));
});
afterAll(() => close());

it('keeps the drafts saved before, without attribution, and saves it on the next change', async () => {
  const key = randomBytes(16).toString('hex');
  const at = '2026-11-01T10:00:00.000Z';
  await db.kysely
    .insertInto('checkout_drafts')
    .values({
      draft_key: key,
      checkout: 'cart',
      customer_name: 'Samia Belkacem',
      customer_phone: '0551234567',
      wilaya: 'Alger',
      commune: '',
      address: '',
      postal_code: '',
      delivery_type: 'home',
      lines: '[]',
      page_url: '/cart',
      created_at: at,
      updated_at: at,
    })
    .execute();
  await migrate(db);

  const row = () => db.kysely.selectFrom('checkout_drafts').selectAll().where('draft_key', '=', key).executeTakeFirst();
  expect(await row()).toMatchObject({ customer_name: 'Samia Belkacem', wilaya: 'Alger', attribution: null });

  const draft = checkoutDraftSchema.parse({
    checkout: 'cart',
    customer_name: 'Samia Belkacem',
    customer_phone: '0551234567',
    wilaya: 'Alger',
    utm_source: 'tiktok',
    ttclid: 'E.C.P.click',
  });
  await saveDraft(db.kysely, key, draft, { ip: '10.0.0.9', headers: { 'user-agent': 'Phone' } });
  expect(JSON.parse((await row())?.attribution ?? 'null')).toEqual({
    attribution: { utm_source: 'tiktok', ttclid: 'E.C.P.click' },
    client: { ip: '10.0.0.9', userAgent: 'Phone' },
  });
});
