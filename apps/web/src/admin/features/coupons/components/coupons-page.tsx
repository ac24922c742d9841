import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COUPON_DISCOUNT_TYPES,
  couponCreateSchema,
  couponUpdateSchema,
  type CouponCreate,
  type CouponUpdate,
} from '@shop/domain/coupon-schemas';
import { couponDisplayStatus, remainingUses, todayIso, type CouponDisplayStatus } from '@shop/domain/coupon-status';
import { COUPON_MIN_MAX_USES } from '@shop/domain/constants';
import { formatDa } from '@shop/domain/money';
import type { z } from 'zod';
import { ApiError } from '../../../../lib/api.ts';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { useKeepFormDraft, useReopenFormDraft, useRestoredFormDraft } from '../../../lib/form-drafts.ts';
import type { Coupon } from '../../../lib/types.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormModalFooter, Modal } from '../../../components/modal.tsx';
import {
  AmountInput,
  Banner,
  DataTable,
  DraftNotice,
  ErrorState,
  Field,
  Loading,
  PageHeader,
  Pill,
  RowActions,
  buttonClass,
  formatDate,
  inputClass,
} from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { useCoupons } from '../api/get-coupons.ts';
import { useCreateCoupon } from '../api/create-coupon.ts';
import { useDeleteCoupon } from '../api/delete-coupon.ts';
import { useToggleCoupon } from '../api/toggle-coupon.ts';
import { useUpdateCoupon } from '../api/update-coupon.ts';
import { useValidateCoupon } from '../api/validate-coupon.ts';

const STATUS_CLASS: Record<CouponDisplayStatus, string> = {
  Active: 'bg-green-100 text-green-800',
  Inactive: 'bg-slate-200 text-slate-700',
  Expired: 'bg-red-100 text-red-800',
  'Max Used': 'bg-amber-100 text-amber-800',
};

const COUPON_FORM = 'coupon';

/** "10%" or "-500,00 Da". */
function discountLabel(coupon: Pick<Coupon, 'discount_type' | 'discount_percentage' | 'discount_amount'>): string {
  return coupon.discount_type === 'amount' && coupon.discount_amount !== null
    ? `-${formatDa(coupon.discount_amount)}`
    : `${coupon.discount_percentage}%`;
}

/** What a coupon's form holds, as its fields read it. */
type CouponForm = z.input<typeof couponCreateSchema>;

function formOf(coupon?: Coupon): CouponForm {
  if (!coupon) {
    return {
      code: '',
      discount_type: 'percent',
      discount_percentage: '',
      discount_amount: '',
      max_uses: COUPON_MIN_MAX_USES,
      expiry_date: '',
      is_active: true,
    };
  }
  return {
    code: coupon.code,
    discount_type: coupon.discount_type,
    discount_percentage: coupon.discount_type === 'percent' ? coupon.discount_percentage : '',
    discount_amount: coupon.discount_amount ?? '',
    max_uses: coupon.max_uses ?? '',
    expiry_date: coupon.expiry_date,
    is_active: coupon.is_active,
  };
}

/** The coupon as the edit form was opened with it (DESIGN §7.1). */
function seenOf(coupon: Coupon): CouponUpdate['seen'] {
  const { code, discount_percentage, discount_amount, max_uses, expiry_date, is_active } = coupon;
  return { code, discount_percentage, discount_amount, max_uses, expiry_date, is_active };
}

type Dialog = { kind: 'create' } | { kind: 'edit'; coupon: Coupon } | { kind: 'delete'; coupon: Coupon } | null;

export function CouponsPage() {
  const coupons = useCoupons();
  const toggle = useToggleCoupon();
  const validate = useValidateCoupon();
  const remove = useDeleteCoupon();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useReopenFormDraft(COUPON_FORM, coupons.isSuccess, () => setDialog({ kind: 'create' }));

  function say(message: { error?: string; notice?: string }) {
    setError(message.error ?? null);
    setNotice(message.notice ?? null);
  }

  function onValidate(code: string) {
    say({});
    validate.mutate(code, {
      onSuccess: (data) =>
        setNotice(
          texts.coupons.valid(
            data.code ?? code,
            discountLabel({ ...data, discount_type: data.discount_amount !== null ? 'amount' : 'percent' }),
          ),
        ),
      onError: (e) => setError(errorMessage(e, `${code}: invalid`)),
    });
  }

  const rows = coupons.data ?? [];
  return (
    <section>
      <PageHeader title={texts.coupons.title}>
        <button type="button" className={buttonClass('primary')} onClick={() => setDialog({ kind: 'create' })}>
          + {texts.coupons.add}
        </button>
      </PageHeader>
      {error ? (
        <Banner tone="error" onClose={() => setError(null)}>
          {error}
        </Banner>
      ) : null}
      {notice ? (
        <Banner tone="success" onClose={() => setNotice(null)}>
          {notice}
        </Banner>
      ) : null}
      {coupons.isError ? (
        <ErrorState
          message={errorMessage(coupons.error, texts.coupons.fetchFailed)}
          onRetry={() => void coupons.refetch()}
        />
      ) : coupons.isPending ? (
        <Loading />
      ) : (
        <DataTable
          label={texts.coupons.title}
          rows={rows}
          rowKey={(coupon) => coupon.id}
          rowTestId={(coupon) => `coupon-${coupon.code}`}
          empty={texts.coupons.empty}
          columns={[
            {
              header: texts.coupons.code,
              className: 'font-mono font-semibold',
              cell: (coupon) => coupon.code,
            },
            {
              header: texts.coupons.discountColumn,
              className: 'tabular-nums whitespace-nowrap',
              cell: discountLabel,
            },
            {
              header: texts.coupons.uses,
              className: 'tabular-nums',
              cell: (coupon) => `${coupon.current_uses}${coupon.max_uses !== null ? ` / ${coupon.max_uses}` : ''}`,
            },
            { header: texts.coupons.remaining, className: 'tabular-nums', cell: (coupon) => remainingUses(coupon) },
            {
              header: texts.coupons.expiry,
              className: 'whitespace-nowrap',
              cell: (coupon) => formatDate(coupon.expiry_date),
            },
            {
              header: texts.coupons.status,
              cell: (coupon) => {
                const status = couponDisplayStatus(coupon);
                return <Pill tone={STATUS_CLASS[status]}>{status}</Pill>;
              },
            },
            {
              header: texts.common.actions,
              end: true,
              cell: (coupon) => (
                <RowActions>
                  <button
                    type="button"
                    className={buttonClass('secondary', true)}
                    onClick={() => onValidate(coupon.code)}
                  >
                    {texts.coupons.validate}
                  </button>
                  <button
                    type="button"
                    className={buttonClass('secondary', true)}
                    aria-label={texts.coupons.editLabel(coupon.code)}
                    onClick={() => {
                      say({});
                      setDialog({ kind: 'edit', coupon });
                    }}
                  >
                    {texts.common.edit}
                  </button>
                  <button
                    type="button"
                    className={buttonClass('secondary', true)}
                    onClick={() => {
                      say({});
                      toggle.mutate(coupon.id, {
                        onError: (e) => setError(errorMessage(e, texts.coupons.toggleFailed)),
                      });
                    }}
                  >
                    {coupon.is_active ? texts.coupons.deactivate : texts.coupons.activate}
                  </button>
                  {/* A coupon an order carries stays (the orders name it): it is deactivated instead. */}
                  {coupon.orders === 0 && coupon.current_uses === 0 ? (
                    <button
                      type="button"
                      className={buttonClass('ghost', true)}
                      aria-label={texts.coupons.deleteLabel(coupon.code)}
                      onClick={() => {
                        say({});
                        setDialog({ kind: 'delete', coupon });
                      }}
                    >
                      <span className="text-red-600">{texts.common.delete}</span>
                    </button>
                  ) : null}
                </RowActions>
              ),
            },
          ]}
        />
      )}
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <CouponModal
          coupon={dialog.kind === 'edit' ? dialog.coupon : undefined}
          onClose={() => setDialog(null)}
          onSaved={(code, created) => {
            setDialog(null);
            say({ notice: created ? `${texts.coupons.created}: ${code}` : texts.coupons.updated(code) });
          }}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title={texts.coupons.deleteTitle}
          message={texts.coupons.deleteConfirm(dialog.coupon.code)}
          busy={remove.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(dialog.coupon.id, {
              onSuccess: () => say({ notice: texts.coupons.deleted(dialog.coupon.code) }),
              onError: (e) => {
                if (!sessionEnded(e)) say({ error: errorMessage(e, texts.coupons.deleteFailed) });
              },
              onSettled: () => setDialog(null),
            })
          }
        />
      ) : null}
    </section>
  );
}

const createResolver = zodResolver(couponCreateSchema);
const updateResolver = zodResolver(couponUpdateSchema);

/** Create a coupon, or edit one (sent with what the form was opened with). */
function CouponModal({
  coupon,
  onClose,
  onSaved,
}: {
  coupon?: Coupon | undefined;
  onClose: () => void;
  onSaved: (code: string, created: boolean) => void;
}) {
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const [failure, setFailure] = useState<string | null>(null);
  const [current, setCurrent] = useState(coupon);
  const target = coupon ? String(coupon.id) : 'new';
  const draft = useRestoredFormDraft<CouponForm>(COUPON_FORM, target);
  // An edit is checked with the seen coupon beside its fields; its expiry may stay in the past.
  const resolver: Resolver<CouponForm, unknown, CouponCreate | CouponUpdate> = (values, context, options) =>
    current
      ? updateResolver({ ...values, seen: seenOf(current) }, context, options as never)
      : createResolver(values, context, options);
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CouponForm, unknown, CouponCreate | CouponUpdate>({
    resolver,
    defaultValues: draft?.values ?? formOf(coupon),
  });
  useKeepFormDraft(COUPON_FORM, target, () => ({ values: getValues() }));
  const type = useWatch({ control, name: 'discount_type' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (current) {
        const saved = await update.mutateAsync({ id: current.id, values: values as CouponUpdate });
        onSaved(saved.code, false);
      } else {
        const saved = await create.mutateAsync(values);
        onSaved(saved?.code ?? values.code, true);
      }
    } catch (error) {
      if (sessionEnded(error)) return;
      // Changed elsewhere meanwhile: the form shows it as it is now, to decide again.
      const now = error instanceof ApiError && error.status === 409 ? (error.data as Coupon | null) : null;
      if (current && now?.id === current.id) {
        setCurrent(now);
        reset(formOf(now));
      }
      setFailure(errorMessage(error, current ? texts.coupons.updateFailed : texts.coupons.createFailed));
    }
  });
  return (
    <Modal
      title={coupon ? texts.coupons.editTitle(coupon.code) : texts.coupons.createTitle}
      onClose={onClose}
      size="sm"
      footer={<FormModalFooter formId="coupon-form" onCancel={onClose} submitting={isSubmitting} />}
    >
      <form id="coupon-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        {draft ? (
          <div className="sm:col-span-2">
            <DraftNotice />
          </div>
        ) : null}
        {failure ? (
          <div className="sm:col-span-2">
            <Banner tone="error">{failure}</Banner>
          </div>
        ) : null}
        <Field id="coupon-code" label={texts.coupons.code} error={errors.code?.message} className="sm:col-span-2">
          <input
            id="coupon-code"
            autoCapitalize="characters"
            className={`${inputClass} font-mono uppercase`}
            aria-invalid={errors.code ? true : undefined}
            {...register('code')}
          />
        </Field>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 text-xs font-medium text-slate-700">{texts.coupons.discountType}</legend>
          <div className="flex flex-wrap gap-4">
            {COUPON_DISCOUNT_TYPES.map((kind) => (
              <label key={kind} className="flex min-h-8 items-center gap-2 text-sm text-slate-800">
                <input type="radio" value={kind} className="h-4 w-4" {...register('discount_type')} />
                {texts.coupons.discountTypes[kind]}
              </label>
            ))}
          </div>
        </fieldset>
        {type === 'amount' ? (
          <Field
            id="coupon-amount"
            label={texts.coupons.amount}
            hint={texts.coupons.amountHint}
            error={errors.discount_amount?.message}
          >
            <AmountInput
              id="coupon-amount"
              invalid={Boolean(errors.discount_amount)}
              {...register('discount_amount')}
            />
          </Field>
        ) : (
          <Field id="coupon-discount" label={texts.coupons.discount} error={errors.discount_percentage?.message}>
            <input
              id="coupon-discount"
              type="number"
              min={0}
              max={100}
              step="any"
              className={inputClass}
              aria-invalid={errors.discount_percentage ? true : undefined}
              {...register('discount_percentage')}
            />
          </Field>
        )}
        <Field id="coupon-max-uses" label={texts.coupons.maxUses} error={errors.max_uses?.message}>
          <input
            id="coupon-max-uses"
            type="number"
            min={COUPON_MIN_MAX_USES}
            step={1}
            className={inputClass}
            aria-invalid={errors.max_uses ? true : undefined}
            {...register('max_uses')}
          />
        </Field>
        <Field id="coupon-expiry" label={texts.coupons.expiry} error={errors.expiry_date?.message}>
          <input
            id="coupon-expiry"
            type="date"
            min={coupon ? undefined : todayIso()}
            className={inputClass}
            aria-invalid={errors.expiry_date ? true : undefined}
            {...register('expiry_date')}
          />
        </Field>
        <label className="flex items-end gap-2 pb-2 text-sm">
          <input type="checkbox" className="h-4 w-4" {...register('is_active')} />
          {texts.coupons.active}
        </label>
      </form>
    </Modal>
  );
}
