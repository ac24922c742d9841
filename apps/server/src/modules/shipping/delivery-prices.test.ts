// Stop desk fees, the bulk adjustment of every wilaya's fees, and the communes route.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShippingPrice } from '@shop/domain/shipping-responses';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function read(): Promise<ShippingPrice[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/ShippingPrice/read' });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: ShippingPrice[] }>().data;
}

async function post(url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: await t.adminHeaders(), payload });
}

const byCode = (list: ShippingPrice[], code: number) => list.find((w) => w.wilaya_code === code)!;

describe('stop desk fees', () => {
  it('are read with the home fee, set, kept when omitted, and removed when emptied', async () => {
    const alger = byCode(await read(), 16);
    expect(alger).toMatchObject({ price: 400, stop_desk_price: null });
    const set = await post('/api/ShippingPrice/update', {
      id: alger.id,
      wilaya_name: 'Alger',
      price: 450,
      stop_desk_price: '250,50',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ data: { price: 450, stop_desk_price: 250.5 } });
    // A spec client that knows only `price` leaves the stop desk fee as it is.
    await post('/api/ShippingPrice/update', { id: alger.id, wilaya_name: 'Alger', price: 400 });
    expect(byCode(await read(), 16)).toMatchObject({ price: 400, stop_desk_price: 250.5 });
    for (const empty of ['', null]) {
      await post('/api/ShippingPrice/update', { id: alger.id, wilaya_name: 'Alger', price: 400, stop_desk_price: 250 });
      const cleared = await post('/api/ShippingPrice/update', {
        id: alger.id,
        wilaya_name: 'Alger',
        price: 400,
        stop_desk_price: empty,
      });
      expect(cleared.json()).toMatchObject({ data: { stop_desk_price: null } });
    }
    const bad = await post('/api/ShippingPrice/update', {
      id: alger.id,
      wilaya_name: 'Alger',
      price: 400,
      stop_desk_price: -3,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Stop desk price must be at least 0');
    const created = await post('/api/ShippingPrice/create', {
      wilaya_name: 'Relais-ville',
      price: 500,
      stop_desk_price: 350,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ data: { price: 500, stop_desk_price: 350 } });
  });
});

describe('POST /api/ShippingPrice/adjust', () => {
  beforeEach(async () => {
    // Known figures: every home fee 1000 Da; a stop desk of 600.40 Da in Oran only.
    await t.db.kysely
      .updateTable('shipping_prices')
      .set({ price_cents: 100000, stop_desk_price_cents: null })
      .execute();
    await t.db.kysely
      .updateTable('shipping_prices')
      .set({ stop_desk_price_cents: 60040 })
      .where('wilaya_code', '=', 31)
      .execute();
  });

  it('adds an amount to every home fee, leaving stop desks alone', async () => {
    const res = await post('/api/ShippingPrice/adjust', { mode: 'amount', value: 150, apply_to: 'home' });
    expect(res.statusCode).toBe(200);
    const list = await read();
    expect(list.every((w) => w.price === 1150)).toBe(true);
    expect(byCode(list, 31).stop_desk_price).toBe(600.4);
    expect(byCode(list, 16).stop_desk_price).toBeNull();
    expect(res.json<{ data: ShippingPrice[] }>().data).toEqual(list);
  });

  it('applies a negative percentage to both fees, in whole dinars; a wilaya without stop desk keeps none', async () => {
    const res = await post('/api/ShippingPrice/adjust', { mode: 'percent', value: -12.5, apply_to: 'both' });
    expect(res.statusCode).toBe(200);
    const list = await read();
    expect(byCode(list, 16)).toMatchObject({ price: 875, stop_desk_price: null });
    // 600.40 × 0.875 = 525.35 → 525
    expect(byCode(list, 31)).toMatchObject({ price: 875, stop_desk_price: 525 });
  });

  it('never goes below 0 and may touch only stop desks', async () => {
    await post('/api/ShippingPrice/adjust', { mode: 'amount', value: -700, apply_to: 'stop_desk' });
    const list = await read();
    expect(byCode(list, 31)).toMatchObject({ price: 1000, stop_desk_price: 0 });
    await post('/api/ShippingPrice/adjust', { mode: 'amount', value: -5000, apply_to: 'home' });
    expect((await read()).every((w) => w.price === 0)).toBe(true);
  });

  it('says how many wilayas it changed, and changes none where there is nothing to adjust', async () => {
    const one = await post('/api/ShippingPrice/adjust', { mode: 'amount', value: 50, apply_to: 'stop_desk' });
    expect(one.json<{ message: string }>().message).toBe('1 wilaya(s) adjusted');
    expect(byCode(await read(), 31).stop_desk_price).toBe(650);
    await t.db.kysely.updateTable('shipping_prices').set({ stop_desk_price_cents: null }).execute();
    const before = await read();
    const none = await post('/api/ShippingPrice/adjust', { mode: 'amount', value: 50, apply_to: 'stop_desk' });
    expect(none.statusCode).toBe(200);
    expect(none.json<{ message: string }>().message).toBe('No wilaya had a fee to adjust');
    expect(await read()).toEqual(before);
    const all = await post('/api/ShippingPrice/adjust', { mode: 'percent', value: 10, apply_to: 'both' });
    expect(all.json<{ message: string }>().message).toBe(`${before.length} wilaya(s) adjusted`);
  });

  it('refuses a bad body or no session, changing nothing', async () => {
    const before = await read();
    for (const payload of [
      { mode: 'amount', value: 'abc', apply_to: 'home' },
      { mode: 'percent', value: -150, apply_to: 'home' },
      { mode: 'percent', value: 0, apply_to: 'both' },
      { mode: 'double', value: 2, apply_to: 'home' },
      { mode: 'amount', value: 10, apply_to: 'everything' },
    ]) {
      const res = await post('/api/ShippingPrice/adjust', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/adjust',
      payload: { mode: 'amount', value: 10, apply_to: 'home' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await read()).toEqual(before);
  });
});

describe('GET /api/commune', () => {
  interface Commune {
    name: string;
    name_ar: string;
    postal_code: string | null;
  }
  async function communes(wilaya: string) {
    return t.app.inject({ url: `/api/commune?wilaya=${encodeURIComponent(wilaya)}` });
  }

  it("lists a wilaya's communes by French name, found by number or by name however written", async () => {
    const res = await communes('16');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const list = res.json<{ data: Commune[] }>().data;
    expect(list).toHaveLength(57);
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr')));
    expect(list).toContainEqual({ name: 'Alger Centre', name_ar: 'الجزائر الوسطى', postal_code: '16000' });
    expect(list).toContainEqual(expect.objectContaining({ name: 'Bab El Oued', name_ar: 'باب الوادي' }));
    for (const spelling of ['alger', ' ALGER ', '016']) {
      expect((await communes(spelling)).json<{ data: Commune[] }>().data).toEqual(list);
    }
    const bejaia = (await communes('bejaia')).json<{ data: Commune[] }>().data;
    expect(bejaia.length).toBe(52);
  });

  it('gives the wilayas of 2019 the communes they took from the older ones', async () => {
    const names = async (w: string) => (await communes(w)).json<{ data: Commune[] }>().data.map((c) => c.name);
    expect(await names('Timimoun')).toHaveLength(10);
    expect(await names('49')).toContain('Timimoun');
    expect(await names('1')).not.toContain('Timimoun');
    expect(await names('Touggourt')).toHaveLength(13);
    expect(await names('ouargla')).not.toContain('Touggourt');
    expect(await names("El M'Ghair")).toContain('Djamaa');
    expect(await names('El Bayadh')).toHaveLength(22);
  });

  it('answers an unknown or missing wilaya with a French message', async () => {
    const unknown = await communes('Atlantide');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('Wilaya inconnue : Atlantide');
    expect((await communes('59')).statusCode).toBe(404);
    const missing = await t.app.inject({ url: '/api/commune' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe('Précisez la wilaya (numéro ou nom)');
  });
});
