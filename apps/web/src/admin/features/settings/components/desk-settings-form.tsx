import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BLACKLIST_POLICIES } from '@shop/domain/order-status';
import { deskSettingsSchema } from '@shop/domain/order-desk-schemas';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { Banner, ErrorState, Field, Loading, buttonClass, inputBase } from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { useDeskSettings, type DeskSettings } from '../api/get-desk-settings.ts';
import { useSaveDeskSettings } from '../api/save-desk-settings.ts';

const boxClass = 'max-w-xl rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5';

/** The order desk's settings: what a blacklisted phone's order does, low stock, review moderation. */
export function DeskSettingsSection() {
  const settings = useDeskSettings();
  return (
    <section aria-labelledby="desk-title" className={boxClass}>
      <h2 id="desk-title" className="text-base font-semibold text-slate-900">
        {texts.settings.deskTitle}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{texts.settings.deskIntro}</p>
      {settings.isError ? (
        <ErrorState
          message={texts.settings.deskFetchFailed}
          retrying={settings.isFetching}
          onRetry={() => void settings.refetch()}
        />
      ) : settings.isPending ? (
        <Loading />
      ) : (
        <DeskForm saved={settings.data} />
      )}
    </section>
  );
}

function DeskForm({ saved }: { saved: DeskSettings }) {
  const save = useSaveDeskSettings();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(deskSettingsSchema), defaultValues: saved });

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      reset(await save.mutateAsync(values));
      setMessage({ tone: 'success', text: texts.settings.deskSaved });
    } catch (error) {
      if (!sessionEnded(error)) setMessage({ tone: 'error', text: errorMessage(error, texts.settings.deskSaveFailed) });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="desk-title">
      {message ? (
        <Banner tone={message.tone} onClose={() => setMessage(null)}>
          {message.text}
        </Banner>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="mb-1 text-xs font-medium text-slate-700">{texts.settings.blacklistPolicy}</legend>
        {BLACKLIST_POLICIES.map((policy) => (
          <label key={policy} className="flex items-start gap-2 text-sm text-slate-800">
            <input type="radio" value={policy} className="mt-0.5 h-4 w-4" {...register('blacklist_policy')} />
            {texts.settings.policies[policy]}
          </label>
        ))}
      </fieldset>
      <Field
        id="desk-threshold"
        label={texts.settings.lowStockThreshold}
        hint={texts.settings.lowStockHint}
        error={errors.low_stock_threshold?.message}
        className="mt-4"
      >
        <input
          id="desk-threshold"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          className={`${inputBase} block w-28`}
          aria-invalid={errors.low_stock_threshold ? true : undefined}
          aria-describedby={errors.low_stock_threshold ? 'desk-threshold-error' : undefined}
          {...register('low_stock_threshold')}
        />
      </Field>
      <Field
        id="desk-no-answer"
        label={texts.settings.noAnswerLimit}
        hint={texts.settings.noAnswerHint}
        error={errors.no_answer_limit?.message}
        className="mt-4"
      >
        <input
          id="desk-no-answer"
          type="number"
          min={0}
          max={20}
          step={1}
          inputMode="numeric"
          className={`${inputBase} block w-28`}
          aria-invalid={errors.no_answer_limit ? true : undefined}
          aria-describedby={errors.no_answer_limit ? 'desk-no-answer-error' : undefined}
          {...register('no_answer_limit')}
        />
      </Field>
      <label className="mt-4 flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" className="mt-0.5 h-4 w-4" {...register('review_moderation')} />
        {texts.settings.reviewModeration}
      </label>
      <div className="mt-5 flex justify-end">
        <button type="submit" className={`${buttonClass('primary')} w-full sm:w-auto`} disabled={isSubmitting}>
          {isSubmitting ? texts.common.saving : texts.common.save}
        </button>
      </div>
    </form>
  );
}
