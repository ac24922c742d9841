// The name and description of what the storefront shows in both languages (a product, a product
// type, a custom item): the French ones it always shows, and the optional Arabic ones
// shown on the Arabic storefront (/ar) instead, written right to left.
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { texts } from '../texts.ts';
import { Field, inputClass } from './ui.tsx';

/** The form's values these fields fill. */
export interface BilingualValues extends FieldValues {
  name: unknown;
  description?: unknown;
  name_ar?: unknown;
  description_ar?: unknown;
}

interface BilingualFieldsProps<T extends BilingualValues> {
  /** The inputs' ids start with it: "product" gives product-name, product-description-ar… */
  id: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  descriptionRows?: number;
  /** The block's place in the form's grid. */
  className?: string;
}

const FIELDS = [
  { name: 'name', suffix: 'name', label: texts.bilingual.name, arabic: false, multiline: false },
  { name: 'name_ar', suffix: 'name-ar', label: texts.bilingual.nameAr, arabic: true, multiline: false },
  { name: 'description', suffix: 'description', label: texts.bilingual.description, arabic: false, multiline: true },
  {
    name: 'description_ar',
    suffix: 'description-ar',
    label: texts.bilingual.descriptionAr,
    arabic: true,
    multiline: true,
  },
] as const;

/** French and Arabic name side by side on a wide screen, each description across; one note for the Arabic. */
export function BilingualFields<T extends BilingualValues>({
  id,
  register,
  errors,
  descriptionRows = 3,
  className = '',
}: BilingualFieldsProps<T>) {
  const helpId = `${id}-arabic-help`;
  return (
    <div className={`grid gap-4 sm:grid-cols-2 ${className}`}>
      {FIELDS.map((field) => {
        const inputId = `${id}-${field.suffix}`;
        const error = (errors as Record<string, { message?: unknown } | undefined>)[field.name]?.message;
        const message = typeof error === 'string' ? error : undefined;
        const common = {
          id: inputId,
          className: inputClass,
          'aria-invalid': message ? true : undefined,
          ...(field.arabic ? { lang: 'ar', dir: 'rtl', 'aria-describedby': helpId } : {}),
          ...register(field.name as Path<T>),
        };
        return (
          <Field
            key={field.name}
            id={inputId}
            label={field.label}
            error={message}
            className={field.multiline ? 'sm:col-span-2' : ''}
          >
            {field.multiline ? <textarea rows={descriptionRows} {...common} /> : <input {...common} />}
          </Field>
        );
      })}
      <p id={helpId} className="-mt-2 text-sm text-neutral-600 sm:col-span-2">
        {texts.bilingual.arabicHelp}
      </p>
    </div>
  );
}
