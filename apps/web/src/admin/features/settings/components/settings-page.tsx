import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { paymentSettingsSchema, type PaymentSettings } from '@shop/domain/settings-schemas';
import { Link } from 'react-router';
import { paths } from '../../../../lib/paths.ts';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { useCan } from '../../../lib/access.tsx';
import { useKeepFormDraft, useRestoredFormDraft } from '../../../lib/form-drafts.ts';
import {
  Banner,
  DraftNotice,
  ErrorState,
  Field,
  Loading,
  PageHeader,
  buttonClass,
  inputClass,
} from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { usePaymentSettings } from '../api/get-payment-settings.ts';
import { useSavePaymentSettings } from '../api/save-payment-settings.ts';
import { BlacklistSection } from './blacklist-section.tsx';
import { DeskSettingsSection } from './desk-settings-form.tsx';
import { CouriersSection } from '../../couriers/components/couriers-section.tsx';
import { MarketingSection } from '../../marketing/components/marketing-section.tsx';

const PAYMENT_FORM = 'payment-settings';

/**
 * The shop's settings: the team, the payment accounts, the order desk's rules and the couriers (the
 * owner's), and the blacklist (the owner's and a manager's).
 */
export function SettingsPage() {
  const owner = useCan('settings');
  const team = useCan('users');
  return (
    <section>
      <PageHeader title={texts.settings.title} />
      <div className="space-y-5">
        {team ? (
          <div className="flex max-w-xl flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <div>
              <h2 className="text-base font-semibold text-slate-900">{texts.users.settingsLink}</h2>
              <p className="mt-1 text-sm text-slate-600">{texts.users.settingsIntro}</p>
            </div>
            <Link to={paths.admin.users} className={`${buttonClass('primary')} w-full sm:w-auto`}>
              {texts.nav.users}
            </Link>
          </div>
        ) : null}
        {owner ? <OwnerSettings /> : null}
        <BlacklistSection />
      </div>
    </section>
  );
}

function OwnerSettings() {
  const settings = usePaymentSettings();
  return (
    <>
      {settings.isError ? (
        <ErrorState
          message={texts.settings.fetchFailed}
          retrying={settings.isFetching}
          onRetry={() => void settings.refetch()}
        />
      ) : settings.isPending ? (
        <Loading />
      ) : (
        <PaymentForm saved={settings.data} />
      )}
      <DeskSettingsSection />
      <CouriersSection />
      <MarketingSection />
    </>
  );
}

function PaymentForm({ saved }: { saved: PaymentSettings }) {
  const save = useSavePaymentSettings();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const draft = useRestoredFormDraft<z.input<typeof paymentSettingsSchema>>(PAYMENT_FORM, 'page');
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(paymentSettingsSchema), defaultValues: draft?.values ?? saved });
  useKeepFormDraft(PAYMENT_FORM, 'page', () => ({ values: getValues() }));

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      reset(await save.mutateAsync(values));
      setMessage({ tone: 'success', text: texts.settings.saved });
    } catch (error) {
      if (!sessionEnded(error)) setMessage({ tone: 'error', text: errorMessage(error, texts.settings.saveFailed) });
    }
  });

  const fields = [
    { name: 'ccp', label: texts.settings.ccp, hint: texts.settings.ccpHint, inputMode: 'text' },
    { name: 'rip', label: texts.settings.rip, hint: texts.settings.ripHint, inputMode: 'numeric' },
    { name: 'baridimob', label: texts.settings.baridimob, hint: texts.settings.baridimobHint, inputMode: 'tel' },
  ] as const;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="payment-title"
      className="max-w-xl rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="payment-title" className="text-base font-semibold text-slate-900">
        {texts.settings.paymentTitle}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{texts.settings.paymentIntro}</p>
      {draft ? <DraftNotice /> : null}
      {message ? (
        <Banner tone={message.tone} onClose={() => setMessage(null)}>
          {message.text}
        </Banner>
      ) : null}
      <div className="space-y-4">
        {fields.map((field) => (
          <Field
            key={field.name}
            id={`payment-${field.name}`}
            label={field.label}
            hint={field.hint}
            error={errors[field.name]?.message}
          >
            <input
              id={`payment-${field.name}`}
              inputMode={field.inputMode}
              autoComplete="off"
              spellCheck={false}
              className={`${inputClass} font-mono`}
              aria-invalid={errors[field.name] ? true : undefined}
              aria-describedby={errors[field.name] ? `payment-${field.name}-error` : undefined}
              {...register(field.name)}
            />
          </Field>
        ))}
      </div>
      <div className="mt-5 flex justify-end">
        <button type="submit" className={`${buttonClass('primary')} w-full sm:w-auto`} disabled={isSubmitting}>
          {isSubmitting ? texts.common.saving : texts.common.save}
        </button>
      </div>
    </form>
  );
}
