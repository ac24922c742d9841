import { customerMessage } from '../../../i18n/i18n.ts';
import type { ReactNode } from 'react';

export const inputClass =
  'w-full rounded-xl border border-gray-300 bg-white px-4 py-3 text-base text-black placeholder:text-gray-500 focus:border-black focus:outline-none focus:ring-2 focus:ring-black/10 aria-[invalid=true]:border-red-500';

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
  className?: string;
}

/** A labelled control with its error line; the control refers to `${id}-error` when invalid. */
export function Field({ id, label, error, children, className = '' }: FieldProps) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {customerMessage(error)}
        </p>
      ) : null}
    </div>
  );
}

export function errorProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : { 'aria-invalid': false };
}
