import { communeKey, filterCommunes, findCommune, wilayaNumber } from '@shop/domain/geo/communes';
import { WILAYA_NAMES_AR } from '@shop/domain/geo/wilayas';
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
  /**
   * A commune that left the chosen wilaya for a newer one was picked (Bou Saâda under M'Sila from
   * 2027): the caller moves the order to that wilaya (its number) with this commune.
   */
  onMoved?: (wilayaCode: number, commune: Commune) => void;
  error?: string | undefined;
  className?: string;
}

/** The wilaya's own communes; with something typed, then those that left it and match. */
function communesFor(list: readonly Commune[], query: string): Commune[] {
  const own = list.filter((c) => !c.moved_to);
  if (communeKey(query) === '') return own;
  return [
    ...filterCommunes(own, query),
    ...filterCommunes(
      list.filter((c) => c.moved_to),
      query,
    ),
  ];
}

/**
 * The communes of the chosen wilaya, filtered as one types (French or Arabic name, accents and
 * case ignored), each named in the page's language with the other beside it. A commune typed under
 * the wilaya it left for a newer one is suggested with the wilaya it is in now; picking it moves
 * the order there. A wilaya the commune data does not have (one the shop added) takes the commune
 * as typed.
 */
export function CommunePicker({
  id,
  label = t('delivery.commune'),
  wilaya,
  value,
  onChange,
  onMoved,
  error,
  className = '',
}: CommunePickerProps) {
  const language = useLanguage();
  const communes = useCommunes(wilaya);
  const list = communes.data ?? [];
  const own = list.filter((c) => !c.moved_to);
  const unknownWilaya = communes.isError && (communes.error as { status?: number }).status === 404;
  const selected = findCommune(own, value) ?? null;
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
  // A commune that left the wilaya: its name, and under it the wilaya it is in now.
  const moved = (c: Commune, to: NonNullable<Commune['moved_to']>) => (
    <>
      {communeLabel(c)}{' '}
      <span className="block text-neutral-700">
        {t('delivery.communeMoved', {
          wilaya: `${wilayaNumber(to.code)} - ${(language === 'ar' && WILAYA_NAMES_AR[to.code]) || to.name}`,
        })}
      </span>
    </>
  );
  return (
    <Combobox<Commune>
      id={id}
      label={label}
      items={list}
      filter={communesFor}
      selected={selected}
      itemToString={communeLabel}
      itemKey={(c) => (c.moved_to ? `${c.name} (${c.moved_to.code})` : c.name)}
      renderItem={(c) => (c.moved_to ? { main: moved(c, c.moved_to) } : { main: communeLabel(c), aside: other(c) })}
      onSelect={(c) => {
        if (c?.moved_to && onMoved) onMoved(c.moved_to.code, c);
        else onChange(c?.name ?? '', c);
      }}
      // A filter that names exactly one commune of the wilaya chooses it.
      findTyped={(text) => findCommune(own, text) ?? null}
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
