import { t } from '../../../i18n/i18n.ts';

export interface ImageSlot {
  file: File | null;
  preview: string | null;
  error: string | null;
  processing: boolean;
}

export const EMPTY_SLOT: ImageSlot = { file: null, preview: null, error: null, processing: false };

interface Props {
  id: string;
  label: string;
  slot: ImageSlot;
  onSelect: (file: File) => void;
  onRemove: () => void;
}

export function ReferenceImageField({ id, label, slot, onSelect, onRemove }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <span id={`${id}-label`} className="text-sm font-medium text-gray-800">
        {label}
      </span>
      <div className="relative aspect-square w-full overflow-hidden rounded-2xl border-2 border-dashed border-gray-300 bg-gray-50 focus-within:border-black focus-within:ring-2 focus-within:ring-black/20">
        {slot.preview ? (
          <img
            src={slot.preview}
            alt={t('customOrder.imagePreviewAlt', { position: label })}
            className="absolute inset-0 h-full w-full object-cover"
          />
        ) : null}
        <label
          htmlFor={id}
          className={`absolute inset-0 flex cursor-pointer flex-col items-center justify-center gap-2 p-3 text-center text-sm ${
            slot.preview ? 'opacity-0' : 'text-gray-600 hover:bg-gray-100'
          }`}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-8 w-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          >
            <path d="M4 16l4.6-4.6a2 2 0 0 1 2.8 0L16 16m-2-2 1.6-1.6a2 2 0 0 1 2.8 0L20 14M14 8h.01M6 20h12a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2Z" />
          </svg>
          <span>{slot.processing ? t('customOrder.imageProcessing') : t('customOrder.imageChoose')}</span>
        </label>
        <input
          id={id}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-invalid={slot.error ? true : undefined}
          aria-describedby={slot.error ? errorId : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Reset so choosing the same file again still fires a change.
            event.target.value = '';
            if (file) onSelect(file);
          }}
        />
        {slot.preview ? (
          <button
            type="button"
            onClick={onRemove}
            aria-label={t('customOrder.imageRemove', { position: label })}
            className="absolute top-2 end-2 rounded-full bg-black/80 px-3 py-1.5 text-xs font-medium text-white hover:bg-black focus-visible:outline-2 focus-visible:outline-white"
          >
            {t('customOrder.imageRemoveShort')}
          </button>
        ) : null}
      </div>
      {slot.error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {slot.error}
        </p>
      ) : null}
    </div>
  );
}
