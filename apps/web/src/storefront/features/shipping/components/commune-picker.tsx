import { useState } from 'react';
import { useCombobox } from 'downshift';
import { filterCommunes, findCommune } from '@shop/domain/geo/communes';
import { customerMessage, t } from '../../../i18n/i18n.ts';
import { useCommunes, type Commune } from '../api/get-communes.ts';

interface CommunePickerProps {
  /** The input's id, for an outside <label htmlFor> or tests. */
  id: string;
  label?: string;
  /** The chosen wilaya's name: its communes are loaded; '' for none yet. */
  wilaya: string;
  /** The chosen commune's name, '' for none. */
  value: string;
  /** The commune's name, and the commune when it is one of the list (for its postal code). */
  onChange: (name: string, commune: Commune | null) => void;
  error?: string | undefined;
  className?: string;
}

/**
 * The communes of the chosen wilaya, filtered as one types (French or Arabic name, accents and
 * case ignored): an ARIA combobox (downshift) for a thumb, a keyboard or a screen reader. A
 * wilaya the commune data does not have (one the shop added) takes the commune as typed.
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
  const communes = useCommunes(wilaya);
  const list = communes.data ?? [];
  const unknownWilaya = communes.isError && (communes.error as { status?: number }).status === 404;
  const selected = findCommune(list, value) ?? null;
  const [query, setQuery] = useState('');
  const items = filterCommunes(list, query);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getToggleButtonProps, getMenuProps, getItemProps } =
    useCombobox<Commune>({
      items,
      inputId: id,
      selectedItem: selected,
      itemToString: (c) => c?.name ?? '',
      itemToKey: (c) => c?.name,
      onInputValueChange: ({ inputValue, type }) => {
        setQuery(type === useCombobox.stateChangeTypes.InputChange ? inputValue : '');
      },
      onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem?.name ?? '', selectedItem ?? null),
      // Leaving the field puts the chosen commune back instead of a half-typed filter; a filter
      // that names exactly one commune chooses it.
      stateReducer: (state, { type, changes }) => {
        if (type !== useCombobox.stateChangeTypes.InputBlur) return changes;
        const typed = findCommune(list, state.inputValue);
        const kept = changes.selectedItem ?? typed ?? state.selectedItem;
        return { ...changes, selectedItem: kept, inputValue: kept ? kept.name : '' };
      },
    });

  const noWilaya = wilaya.trim() === '';
  const hint = noWilaya ? t('delivery.communeChooseWilaya') : communes.isPending ? t('delivery.communesLoading') : null;

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

  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`relative min-w-0 ${className}`}>
      <label {...getLabelProps()} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div
        className={`flex items-center rounded-xl border bg-white focus-within:border-black ${error ? 'border-red-500' : 'border-neutral-300'} ${noWilaya ? 'opacity-60' : ''}`}
      >
        <input
          {...getInputProps({
            'aria-invalid': Boolean(error),
            'aria-describedby': describedBy,
            disabled: noWilaya,
          })}
          placeholder={t('delivery.communePlaceholder')}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-xl bg-transparent px-4 py-2.5 text-base outline-none"
        />
        <button
          type="button"
          {...getToggleButtonProps({
            'aria-label': t('delivery.communeShowAll'),
            disabled: noWilaya || list.length === 0,
          })}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-neutral-600"
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path d={isOpen ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
        </button>
      </div>
      <ul
        {...getMenuProps()}
        className={`absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-xl border border-neutral-200 bg-white shadow-lg ${isOpen && items.length > 0 ? '' : 'hidden'}`}
      >
        {isOpen &&
          items.map((c, index) => (
            <li
              key={c.name}
              {...getItemProps({ item: c, index })}
              className={`flex cursor-pointer justify-between gap-3 px-4 py-2.5 text-sm ${
                highlightedIndex === index ? 'bg-neutral-100' : ''
              } ${selected?.name === c.name ? 'font-semibold' : ''}`}
            >
              <span>{c.name}</span>{' '}
              <span lang="ar" dir="rtl" className="text-neutral-600">
                {c.name_ar}
              </span>
            </li>
          ))}
      </ul>
      {isOpen && items.length === 0 && list.length > 0 && (
        <p
          role="status"
          className="absolute z-20 mt-1 w-full rounded-xl border border-neutral-200 bg-white px-4 py-2.5 text-sm text-neutral-600 shadow-lg"
        >
          {t('delivery.communeNone')}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-neutral-600">
          {hint}
        </p>
      )}
      {communes.isError && !unknownWilaya && (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {t('delivery.communesFailed')}{' '}
          <button type="button" className="underline" onClick={() => void communes.refetch()}>
            {t('delivery.communesRetry')}
          </button>
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {customerMessage(error)}
        </p>
      )}
    </div>
  );
}
