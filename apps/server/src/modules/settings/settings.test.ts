import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const put = async (payload: Record<string, unknown>, headers?: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: '/api/settings/payment', payload, headers: headers ?? (await t.adminHeaders()) });

describe("the owner's payment accounts", () => {
  it('are empty at first, set by the owner, and shown to customers with the shop details', async () => {
    const before = await t.app.inject({ url: '/api/settings' });
    expect(before.json()).toMatchObject({ data: { payment: { ccp: '', rip: '', baridimob: '' } } });
    const saved = await put({ ccp: '0012345678 clé 90', rip: '00799999 0012345678 90', baridimob: '0555 12 34 56' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Payment details saved' });
    const after = await t.app.inject({ url: '/api/settings' });
    expect(after.json()).toMatchObject({
      data: {
        shop_name: t.config.shop.name,
        payment: { ccp: '0012345678 clé 90', rip: '00799999 0012345678 90', baridimob: '0555 12 34 56' },
      },
    });
    const admin = await t.app.inject({ url: '/api/settings/payment', headers: await t.adminHeaders() });
    expect(admin.json()).toMatchObject({ data: { ccp: '0012345678 clé 90' } });
    // Emptied again, one at a time.
    await put({ ccp: '0012345678 clé 90', rip: '', baridimob: '' });
    expect((await t.app.inject({ url: '/api/settings' })).json()).toMatchObject({
      data: { payment: { rip: '', baridimob: '' } },
    });
  });

  it('refuses what is not an account, with a clear message, and keeps what was there', async () => {
    await put({ ccp: '0012345678 clé 90', rip: '', baridimob: '' });
    for (const [payload, message] of [
      [{ rip: '123' }, 'RIP must have 20 digits (e.g. 00799999 0012345678 90)'],
      [{ ccp: 'pay me' }, 'CCP: the account number, then its key (e.g. 0012345678 clé 90)'],
      [{ baridimob: '12' }, 'BaridiMob: a RIP (20 digits) or a phone number'],
    ] as const) {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect((await t.app.inject({ url: '/api/settings' })).json()).toMatchObject({
      data: { payment: { ccp: '0012345678 clé 90' } },
    });
  });

  it('are changed by the owner only', async () => {
    expect((await put({ ccp: '1' }, {})).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/settings/payment' })).statusCode).toBe(401);
  });
});
