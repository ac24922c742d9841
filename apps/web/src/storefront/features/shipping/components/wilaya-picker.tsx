import { useState } from 'react';
import { useCombobox } from 'downshift';
import { customerMessage, formatDa, t } from '../../../i18n/i18n.ts';
import type { ShippingPrice } from '../api/get-shipping-prices.ts';
import { filterWilayas, findWilaya, wilayaLabel } from '../wilayas.ts';

interface WilayaPickerProps {
  /** The input's id, for an outside <label htmlFor> or tests. */
  id: string;
  label: string;
  wilayas: readonly ShippingPrice[];
  /** The chosen wilaya's name, '' for none. */
  value: string;
  onChange: (wilayaName: string) => void;
  error?: string | undefined;
  className?: string;
}

/**
 * The wilaya list with each fee, filtered as one types its number or name ("16", "alg", "béj"):
 * an ARIA combobox (downshift), usable with a thumb, a keyboard or a screen reader.
 */
export function WilayaPicker({ id, label, wilayas, value, onChange, error, className = '' }: WilayaPickerProps) {
  const selected = findWilaya(wilayas, value);
  const [query, setQuery] = useState('');
  const items = filterWilayas(wilayas, query);
  const errorId = `${id}-error`;
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getToggleButtonProps, getMenuProps, getItemProps } =
    useCombobox<ShippingPrice>({
      items,
      inputId: id,
      selectedItem: selected,
      itemToString: (w) => (w ? wilayaLabel(w) : ''),
      itemToKey: (w) => w?.id,
      onInputValueChange: ({ inputValue, type }) => {
        setQuery(type === useCombobox.stateChangeTypes.InputChange ? inputValue : '');
      },
      onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem?.wilaya_name ?? ''),
      // Leaving the field puts the chosen wilaya's name back instead of a half-typed filter.
      stateReducer: (state, { type, changes }) => {
        if (type !== useCombobox.stateChangeTypes.InputBlur) return changes;
        const kept = changes.selectedItem ?? state.selectedItem;
        return { ...changes, inputValue: kept ? wilayaLabel(kept) : '' };
      },
    });

  return (
    <div className={`relative min-w-0 ${className}`}>
      <label {...getLabelProps()} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div
        className={`flex items-center rounded-xl border bg-white focus-within:border-black ${error ? 'border-red-500' : 'border-neutral-300'}`}
      >
        <input
          {...getInputProps({
            'aria-invalid': Boolean(error),
            'aria-describedby': error ? errorId : undefined,
          })}
          placeholder={t('wilaya.placeholder')}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-xl bg-transparent px-4 py-2.5 text-base outline-none"
        />
        {selected && !isOpen && (
          <span className="pe-1 text-sm whitespace-nowrap text-neutral-600">{formatDa(selected.price)}</span>
        )}
        <button
          type="button"
          {...getToggleButtonProps({ 'aria-label': t('wilaya.showAll') })}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-neutral-600"
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path d={isOpen ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
        </button>
      </div>
      <ul
        {...getMenuProps()}
        className={`absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-xl border border-neutral-200 bg-white shadow-lg ${isOpen ? '' : 'hidden'}`}
      >
        {isOpen &&
          items.map((w, index) => (
            <li
              key={w.id}
              {...getItemProps({ item: w, index })}
              className={`flex cursor-pointer justify-between gap-3 px-4 py-2.5 text-sm ${
                highlightedIndex === index ? 'bg-neutral-100' : ''
              } ${selected?.id === w.id ? 'font-semibold' : ''}`}
            >
              <span>{wilayaLabel(w)}</span>{' '}
              <span className="whitespace-nowrap text-neutral-600">{formatDa(w.price)}</span>
            </li>
          ))}
      </ul>
      {isOpen && items.length === 0 && (
        <p
          role="status"
          className="absolute z-20 mt-1 w-full rounded-xl border border-neutral-200 bg-white px-4 py-2.5 text-sm text-neutral-600 shadow-lg"
        >
          {t('wilaya.none')}
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
