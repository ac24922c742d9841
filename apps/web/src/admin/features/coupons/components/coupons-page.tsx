import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { couponCreateSchema } from '@shop/domain/coupon-schemas';
import { couponDisplayStatus, remainingUses, todayIso, type CouponDisplayStatus } from '@shop/domain/coupon-status';
import { COUPON_MIN_MAX_USES } from '@shop/domain/constants';
import type { z } from 'zod';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { useKeepFormDraft, useReopenFormDraft, useRestoredFormDraft } from '../../../lib/form-drafts.ts';
import { FormModalFooter, Modal } from '../../../components/modal.tsx';
import {
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
import { useToggleCoupon } from '../api/toggle-coupon.ts';
import { useValidateCoupon } from '../api/validate-coupon.ts';

const STATUS_CLASS: Record<CouponDisplayStatus, string> = {
  Active: 'bg-green-100 text-green-800',
  Inactive: 'bg-slate-200 text-slate-700',
  Expired: 'bg-red-100 text-red-800',
  'Max Used': 'bg-amber-100 text-amber-800',
};

const COUPON_FORM = 'coupon';

export function CouponsPage() {
  const coupons = useCoupons();
  const toggle = useToggleCoupon();
  const validate = useValidateCoupon();
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useReopenFormDraft(COUPON_FORM, coupons.isSuccess, () => setCreating(true));

  function onValidate(code: string) {
    setError(null);
    setNotice(null);
    validate.mutate(code, {
      onSuccess: (data) => setNotice(texts.coupons.valid(data.code ?? code, data.discount_percentage)),
      onError: (e) => setError(errorMessage(e, `${code}: invalid`)),
    });
  }

  const rows = coupons.data ?? [];
  return (
    <section>
      <PageHeader title={texts.coupons.title}>
        <button type="button" className={buttonClass('primary')} onClick={() => setCreating(true)}>
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
              header: texts.coupons.discount,
              className: 'tabular-nums',
              cell: (coupon) => `${coupon.discount_percentage}%`,
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
                    onClick={() => {
                      setError(null);
                      toggle.mutate(coupon.id, {
                        onError: (e) => setError(errorMessage(e, texts.coupons.toggleFailed)),
                      });
                    }}
                  >
                    {coupon.is_active ? texts.coupons.deactivate : texts.coupons.activate}
                  </button>
                </RowActions>
              ),
            },
          ]}
        />
      )}
      {creating ? (
        <CouponModal
          onClose={() => setCreating(false)}
          onCreated={(code) => {
            setCreating(false);
            setNotice(`${texts.coupons.created}: ${code}`);
          }}
        />
      ) : null}
    </section>
  );
}

function CouponModal({ onClose, onCreated }: { onClose: () => void; onCreated: (code: string) => void }) {
  const create = useCreateCoupon();
  const [failure, setFailure] = useState<string | null>(null);
  const draft = useRestoredFormDraft<z.input<typeof couponCreateSchema>>(COUPON_FORM, 'new');
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(couponCreateSchema),
    defaultValues: draft?.values ?? {
      code: '',
      discount_percentage: '',
      max_uses: COUPON_MIN_MAX_USES,
      expiry_date: '',
      is_active: true,
    },
  });
  useKeepFormDraft(COUPON_FORM, 'new', () => ({ values: getValues() }));
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const coupon = await create.mutateAsync(values);
      onCreated(coupon?.code ?? values.code);
    } catch (error) {
      if (!sessionEnded(error)) setFailure(errorMessage(error, texts.coupons.createFailed));
    }
  });
  return (
    <Modal
      title={texts.coupons.createTitle}
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
            min={todayIso()}
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
