// The promo code of both checkouts (SPEC §4, §5): pending (the prompt), valid (its discount
// applies) or invalid (no discount). Each page says the outcome in its own words.
import { useRef, useState } from 'react';
import { toCentimes } from '@shop/domain/money';
import type { Discount } from '@shop/domain/pricing';
import { ApiError } from '../../../lib/api.ts';
import { useValidateCoupon } from './api/validate-coupon.ts';

export type CouponState =
  | { status: 'pending' }
  | {
      status: 'valid';
      code: string;
      percent: number;
      /** Da off the subtotal for a coupon of a fixed amount, else null. */
      amount: number | null;
    }
  | { status: 'invalid' };

/** Why a code was not applied: nothing typed (no call made), refused by the server, or no answer. */
export type CouponRefusal = 'empty' | 'refused' | 'failed';

/** The state a code left once applied; pending when the field was edited before the answer came. */
export type CouponOutcome =
  { status: 'pending' } | Extract<CouponState, { status: 'valid' }> | { status: 'invalid'; reason: CouponRefusal };

const PENDING = { status: 'pending' } as const;
const INVALID: CouponState = { status: 'invalid' };

export interface CouponOptions {
  /** Empty the field when a code is not applied (the custom order, SPEC §4). */
  clearOnFailure?: boolean;
}

function discountOf(state: CouponState): Discount {
  if (state.status !== 'valid') return { percentage: 0 };
  return state.amount !== null ? { amountCentimes: toCentimes(state.amount) } : { percentage: state.percent };
}

export function useCoupon({ clearOnFailure = false }: CouponOptions = {}) {
  const [code, setCode] = useState('');
  const [state, setState] = useState<CouponState>(PENDING);
  const validation = useValidateCoupon();
  // An answer that arrives after the code was edited again is about another code: dropped.
  const edits = useRef(0);

  /** Typing a new code drops the applied one: the discount shown is always the field's. */
  function edit(next: string) {
    edits.current += 1;
    setCode(next);
    setState(PENDING);
  }

  function refuse(reason: CouponRefusal): CouponOutcome {
    setState(INVALID);
    if (clearOnFailure) setCode('');
    return { status: 'invalid', reason };
  }

  async function apply(): Promise<CouponOutcome> {
    const typed = code.trim().toUpperCase();
    // SPEC §5: an empty code is invalid without a call.
    if (typed === '') return refuse('empty');
    const asked = edits.current;
    let outcome: Exclude<CouponOutcome, { status: 'pending' }>;
    try {
      const coupon = await validation.mutateAsync(typed);
      outcome = {
        status: 'valid',
        code: coupon.code.toUpperCase(),
        percent: coupon.discount_percentage,
        amount: coupon.discount_amount,
      };
    } catch (error) {
      outcome = { status: 'invalid', reason: error instanceof ApiError ? 'refused' : 'failed' };
    }
    if (asked !== edits.current) return PENDING;
    if (outcome.status === 'invalid') return refuse(outcome.reason);
    setState(outcome);
    setCode(outcome.code);
    return outcome;
  }

  return {
    /** What the field shows. */
    code,
    edit,
    apply,
    state,
    applying: validation.isPending,
    /** The discount to apply: 0 unless the code is valid. */
    percent: state.status === 'valid' ? state.percent : 0,
    /** The discount as the order's total takes it (pricing.ts): a percentage, or a fixed amount. */
    discount: discountOf(state),
    /** The code to send with the order, or null. */
    appliedCode: state.status === 'valid' ? state.code : null,
  };
}

export type Coupon = ReturnType<typeof useCoupon>;
