import { filterCommunes, findCommune } from '@shop/domain/geo/communes';
import { customerMessage, t } from '../../../i18n/i18n.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCommunes, type Commune } from '../../../../lib/communes.ts';
import { communeLabel } from '../communes.ts';
import { Combobox } from './combobox.tsx';

interface CommunePickerProps {
  /** The input's id, for an outside <label htmlFor> or tests. */
  id: string;
  label?: string;
  /** The chosen wilaya's name: its communes are loaded; '' for none yet. */
  wilaya: string;
  /** The chosen commune's name (French, as the order keeps it), '' for none. */
  value: string;
  /** The commune's French name, and the commune when it is one of the list (for its postal code). */
  onChange: (name: string, commune: Commune | null) => void;
  error?: string | undefined;
  className?: string;
}

/**
 * The communes of the chosen wilaya, filtered as one types (French or Arabic name, accents and
 * case ignored), each named in the page's language with the other beside it. A wilaya the commune
 * data does not have (one the shop added) takes the commune as typed.
 */
export function CommunePicker({
  id,
  label = t('delivery.commune'),
  wilaya,
  value,
  onChange,
  error,
  className = '',
}: CommunePickerProps) {
  const language = useLanguage();
  const communes = useCommunes(wilaya);
  const list = communes.data ?? [];
  const unknownWilaya = communes.isError && (communes.error as { status?: number }).status === 404;
  const selected = findCommune(list, value) ?? null;
  const errorId = `${id}-error`;

  if (unknownWilaya) {
    return (
      <div className={`min-w-0 ${className}`}>
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {label}
        </label>
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value, null)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          autoComplete="address-level2"
          className={`w-full rounded-xl border bg-white px-4 py-2.5 text-base ${error ? 'border-red-500' : 'border-neutral-300'}`}
        />
        {error && (
          <p id={errorId} className="mt-1 text-sm text-red-600">
            {customerMessage(error)}
          </p>
        )}
      </div>
    );
  }

  const noWilaya = wilaya.trim() === '';
  const hint = noWilaya ? t('delivery.communeChooseWilaya') : communes.isPending ? t('delivery.communesLoading') : null;
  // The other language's name at the end of each row: Arabic on the French pages, French on /ar.
  const other = (c: Commune) =>
    language === 'ar' ? (
      <span lang="fr" dir="ltr" className="text-neutral-600">
        {c.name}
      </span>
    ) : (
      <span lang="ar" dir="rtl" className="text-neutral-600">
        {c.name_ar}
      </span>
    );
  return (
    <Combobox<Commune>
      id={id}
      label={label}
      items={list}
      filter={filterCommunes}
      selected={selected}
      itemToString={communeLabel}
      itemKey={(c) => c.name}
      renderItem={(c) => ({ main: communeLabel(c), aside: other(c) })}
      onSelect={(c) => onChange(c?.name ?? '', c)}
      // A filter that names exactly one commune chooses it.
      findTyped={(text) => findCommune(list, text) ?? null}
      placeholder={t('delivery.communePlaceholder')}
      toggleLabel={t('delivery.communeShowAll')}
      noneText={t('delivery.communeNone')}
      error={error}
      hint={hint}
      footer={
        communes.isError ? (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {t('delivery.communesFailed')}{' '}
            <button type="button" className="underline" onClick={() => void communes.refetch()}>
              {t('delivery.communesRetry')}
            </button>
          </p>
        ) : null
      }
      disabled={noWilaya}
      className={className}
    />
  );
}
