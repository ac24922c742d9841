import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fail, mockFetch, ok } from '../../test-utils.tsx';
import { useCoupon, type CouponOptions } from './use-coupon.ts';

function renderCoupon(options?: CouponOptions) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCoupon(options), { wrapper });
}

/** The server of docs/api.md: BIENVENUE10 is worth 10 %, anything else is unknown. */
function couponServer() {
  return mockFetch((url) => {
    if (url.pathname === '/api/coupon/validate/BIENVENUE10')
      return ok({ code: 'BIENVENUE10', discount_percentage: 10 });
    if (url.pathname.startsWith('/api/coupon/validate/')) return fail(404, 'Code promo invalide');
    return undefined;
  });
}

async function typeAndApply(result: { current: ReturnType<typeof useCoupon> }, code: string) {
  act(() => result.current.edit(code));
  let outcome: Awaited<ReturnType<ReturnType<typeof useCoupon>['apply']>> | undefined;
  await act(async () => {
    outcome = await result.current.apply();
  });
  return outcome!;
}

describe('useCoupon', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts pending, with no discount', () => {
    couponServer();
    const { result } = renderCoupon();
    expect(result.current.state).toEqual({ status: 'pending' });
    expect(result.current.percent).toBe(0);
    expect(result.current.appliedCode).toBeNull();
  });

  it('makes an empty code invalid without asking the server (SPEC §5)', async () => {
    const fetchMock = couponServer();
    const { result } = renderCoupon();
    expect(await typeAndApply(result, '   ')).toEqual({ status: 'invalid', reason: 'empty' });
    expect(result.current.state).toEqual({ status: 'invalid' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('applies a valid code: asks GET /coupon/validate/{CODE} and gives its discount', async () => {
    const fetchMock = couponServer();
    const { result } = renderCoupon();
    expect(await typeAndApply(result, ' bienvenue10 ')).toEqual({
      status: 'valid',
      code: 'BIENVENUE10',
      percent: 10,
      amount: null,
    });
    // The call that counts no use (DESIGN §3.4), with the code upper-cased as coupons are created.
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/coupon/validate/BIENVENUE10']);
    expect(result.current.state).toEqual({ status: 'valid', code: 'BIENVENUE10', percent: 10, amount: null });
    expect(result.current.percent).toBe(10);
    expect(result.current.appliedCode).toBe('BIENVENUE10');
    expect(result.current.code).toBe('BIENVENUE10');
    // Editing the code drops the discount until it is applied again.
    act(() => result.current.edit('BIENVENUE1'));
    expect(result.current.state).toEqual({ status: 'pending' });
    expect(result.current.percent).toBe(0);
    expect(result.current.appliedCode).toBeNull();
  });

  it('makes a refused code invalid and drops the discount it replaced (SPEC §4), keeping the code by default', async () => {
    couponServer();
    const { result } = renderCoupon();
    await typeAndApply(result, 'BIENVENUE10');
    expect(await typeAndApply(result, 'FAUX')).toEqual({ status: 'invalid', reason: 'refused' });
    expect(result.current.state).toEqual({ status: 'invalid' });
    expect(result.current.percent).toBe(0);
    expect(result.current.appliedCode).toBeNull();
    expect(result.current.code).toBe('FAUX');
  });

  it('tells a check that got no answer from a refusal', async () => {
    mockFetch(() => {
      throw new TypeError('offline');
    });
    const { result } = renderCoupon();
    expect(await typeAndApply(result, 'BIENVENUE10')).toEqual({ status: 'invalid', reason: 'failed' });
    expect(result.current.state).toEqual({ status: 'invalid' });
  });

  it('clears the code on failure when asked (the custom order), refused or unanswered', async () => {
    couponServer();
    const { result } = renderCoupon({ clearOnFailure: true });
    await typeAndApply(result, 'FAUX');
    expect(result.current.code).toBe('');
    expect(result.current.state).toEqual({ status: 'invalid' });

    mockFetch(() => {
      throw new TypeError('offline');
    });
    await typeAndApply(result, 'BIENVENUE10');
    expect(result.current.code).toBe('');
  });

  it('goes back to pending when the code is edited, and ignores an answer about the code before the edit', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderCoupon();
    act(() => result.current.edit('BIENVENUE10'));
    let applying: Promise<unknown> = Promise.resolve();
    act(() => {
      applying = result.current.apply();
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    act(() => result.current.edit('AUTRE'));
    let outcome: unknown;
    await act(async () => {
      answer(Response.json({ status: 200, message: 'OK', data: { code: 'BIENVENUE10', discount_percentage: 10 } }));
      outcome = await applying;
    });
    expect(outcome).toEqual({ status: 'pending' });
    expect(result.current.state).toEqual({ status: 'pending' });
    expect(result.current.code).toBe('AUTRE');
    expect(result.current.percent).toBe(0);
  });
});
