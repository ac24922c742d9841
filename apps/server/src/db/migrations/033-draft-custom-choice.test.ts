// A shop of the previous release upgraded (SQLite and PostgreSQL): its custom page's drafts keep
// what they had, with no choice (''), and the same draft saved again keeps the item, colour and size.
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
  ({ db, close } = await migratedDatabase('032-lead-holds'));
});
afterAll(() => close());

it('keeps the drafts saved before, without a choice, and saves it on the next change', async () => {
  const key = randomBytes(16).toString('hex');
  const at = '2026-11-01T10:00:00.000Z';
  await db.kysely
    .insertInto('checkout_drafts')
    .values({
      draft_key: key,
      checkout: 'custom',
      customer_name: 'Samia Belkacem',
      customer_phone: '0551234567',
      wilaya: 'Alger',
      commune: '',
      address: '',
      postal_code: '',
      delivery_type: 'home',
      lines: '[]',
      page_url: '/custom-order',
      attribution: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await migrate(db);

  const row = () =>
    db.kysely
      .selectFrom('checkout_drafts')
      .select(['customer_name', 'checkout', 'custom_item', 'custom_color', 'custom_size'])
      .where('draft_key', '=', key)
      .executeTakeFirst();
  expect(await row()).toEqual({
    customer_name: 'Samia Belkacem',
    checkout: 'custom',
    custom_item: '',
    custom_color: '',
    custom_size: '',
  });

  const draft = checkoutDraftSchema.parse({
    checkout: 'custom',
    customer_name: 'Samia Belkacem',
    customer_phone: '0551234567',
    wilaya: 'Alger',
    custom: { clothing_type: '7', color: ' Noir ', size: 'M' },
  });
  await saveDraft(db.kysely, key, draft, { ip: '10.0.0.9', headers: {} });
  expect(await row()).toMatchObject({ custom_item: '7', custom_color: 'Noir', custom_size: 'M' });
});
