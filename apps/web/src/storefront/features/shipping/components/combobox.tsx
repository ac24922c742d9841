// The storefront's one searchable list (the wilaya and the commune pickers): an ARIA combobox
// (downshift) filtered as one types, usable with a thumb, a keyboard or a screen reader. Leaving
// the field puts the chosen item back instead of a half-typed filter, or takes the item the typed
// text names exactly when the caller can find one.
import { useState, type ReactNode } from 'react';
import { useCombobox } from 'downshift';
import { customerMessage } from '../../../i18n/i18n.ts';

interface ComboboxProps<T> {
  /** The input's id, for an outside <label htmlFor> or tests. */
  id: string;
  label: string;
  /** Every choice; `filter` narrows them to what was typed. */
  items: readonly T[];
  filter: (items: readonly T[], query: string) => T[];
  selected: T | null;
  /** The item as the input shows it once chosen. */
  itemToString: (item: T) => string;
  itemKey: (item: T) => string | number;
  /** A row of the list: its name first, then what goes at its end (a fee, the other language's name). */
  renderItem: (item: T) => { main: ReactNode; aside?: ReactNode };
  onSelect: (item: T | null) => void;
  /** On leaving the field: the item the typed text names exactly, if any. */
  findTyped?: (text: string) => T | null;
  placeholder: string;
  toggleLabel: string;
  /** Said when nothing matches what was typed. */
  noneText: string;
  /** After the input while an item is chosen and the list closed (the wilaya's fee). */
  selectedAside?: ReactNode;
  /** A customer message key or text, shown under the field and tied to it. */
  error?: string | undefined;
  /** A hint under the field, tied to it (what to do first, loading…). */
  hint?: string | null | undefined;
  /** Under the hint: what the caller adds (a retry button). */
  footer?: ReactNode;
  disabled?: boolean;
  className?: string;
}

export function Combobox<T>({
  id,
  label,
  items,
  filter,
  selected,
  itemToString,
  itemKey,
  renderItem,
  onSelect,
  findTyped,
  placeholder,
  toggleLabel,
  noneText,
  selectedAside,
  error,
  hint,
  footer,
  disabled = false,
  className = '',
}: ComboboxProps<T>) {
  const [query, setQuery] = useState('');
  const shown = filter(items, query);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getToggleButtonProps, getMenuProps, getItemProps } =
    useCombobox<T>({
      items: shown,
      inputId: id,
      selectedItem: selected,
      itemToString: (item) => (item ? itemToString(item) : ''),
      itemToKey: (item) => (item ? itemKey(item) : undefined),
      onInputValueChange: ({ inputValue, type }) => {
        setQuery(type === useCombobox.stateChangeTypes.InputChange ? inputValue : '');
      },
      onSelectedItemChange: ({ selectedItem }) => onSelect(selectedItem ?? null),
      stateReducer: (state, { type, changes }) => {
        if (type !== useCombobox.stateChangeTypes.InputBlur) return changes;
        // An item the blur itself chose (the highlighted one), else the one typed in full, else the one before.
        const chosenOnBlur = changes.selectedItem !== state.selectedItem ? changes.selectedItem : null;
        const typed = findTyped ? findTyped(state.inputValue) : null;
        const kept = chosenOnBlur ?? typed ?? state.selectedItem;
        return { ...changes, selectedItem: kept, inputValue: kept ? itemToString(kept) : '' };
      },
    });
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const chosenKey = selected === null ? undefined : itemKey(selected);

  return (
    <div className={`relative min-w-0 ${className}`}>
      <label {...getLabelProps()} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div
        className={`flex items-center rounded-xl border bg-white focus-within:border-black ${error ? 'border-red-500' : 'border-neutral-300'} ${disabled ? 'opacity-60' : ''}`}
      >
        <input
          {...getInputProps({ 'aria-invalid': Boolean(error), 'aria-describedby': describedBy, disabled })}
          placeholder={placeholder}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-xl bg-transparent px-4 py-2.5 text-base outline-none"
        />
        {selected !== null && !isOpen && selectedAside ? (
          <span className="pe-1 text-sm whitespace-nowrap text-neutral-600">{selectedAside}</span>
        ) : null}
        <button
          type="button"
          {...getToggleButtonProps({ 'aria-label': toggleLabel, disabled: disabled || items.length === 0 })}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-neutral-600"
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path d={isOpen ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
        </button>
      </div>
      <ul
        {...getMenuProps()}
        className={`absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-xl border border-neutral-200 bg-white shadow-lg ${isOpen && shown.length > 0 ? '' : 'hidden'}`}
      >
        {isOpen &&
          shown.map((item, index) => {
            const { main, aside } = renderItem(item);
            const key = itemKey(item);
            return (
              <li
                key={key}
                {...getItemProps({ item, index })}
                className={`flex cursor-pointer justify-between gap-3 px-4 py-2.5 text-sm ${
                  highlightedIndex === index ? 'bg-neutral-100' : ''
                } ${chosenKey === key ? 'font-semibold' : ''}`}
              >
                <span>{main}</span> {aside}
              </li>
            );
          })}
      </ul>
      {isOpen && shown.length === 0 && items.length > 0 && (
        <p
          role="status"
          className="absolute z-20 mt-1 w-full rounded-xl border border-neutral-200 bg-white px-4 py-2.5 text-sm text-neutral-600 shadow-lg"
        >
          {noneText}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-neutral-600">
          {hint}
        </p>
      )}
      {footer}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {customerMessage(error)}
        </p>
      )}
    </div>
  );
}
