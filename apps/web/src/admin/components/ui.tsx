import type { ComponentProps, ReactNode } from 'react';
import { texts } from '../texts.ts';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'success' | 'outlineSuccess' | 'outlineDanger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-slate-900 text-white hover:bg-slate-700',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  danger: 'bg-red-600 text-white hover:bg-red-700',
  ghost: 'text-slate-700 hover:bg-slate-100',
  success: 'bg-green-700 text-white hover:bg-green-800',
  outlineSuccess: 'border border-green-600 bg-white text-green-800 hover:bg-green-50',
  outlineDanger: 'border border-red-300 bg-white text-red-700 hover:bg-red-50',
};

export function buttonClass(variant: Variant = 'primary', small = false): string {
  const size = small ? 'px-2.5 py-1 text-xs' : 'px-3.5 py-2 text-sm';
  return `inline-flex items-center justify-center gap-1.5 rounded-md font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${size} ${VARIANTS[variant]}`;
}

/** An input's look without its width, for filters in a toolbar. */
export const inputBase =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-slate-500 focus:outline-none aria-[invalid=true]:border-red-500';

export const inputClass = `block w-full ${inputBase}`;

/** A field for an amount in Da: the decimal keypad on a phone, "1250 or 1250,50" as its example. */
export function AmountInput({ invalid, ...props }: ComponentProps<'input'> & { invalid?: boolean }) {
  return (
    <input
      type="text"
      inputMode="decimal"
      autoComplete="off"
      placeholder={texts.common.amountExample}
      className={inputClass}
      aria-invalid={invalid ? true : undefined}
      {...props}
    />
  );
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
  className?: string;
}

/** A label, its input, and its error right beside it. */
export function Field({ id, label, error, hint, children, className = '' }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Banner({
  tone,
  children,
  onClose,
}: {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  onClose?: () => void;
}) {
  const colors = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-green-200 bg-green-50 text-green-800',
    info: 'border-blue-200 bg-blue-50 text-blue-800',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`mb-4 flex items-start justify-between gap-3 rounded-md border px-4 py-2.5 text-sm ${colors}`}
    >
      <div>{children}</div>
      {onClose ? (
        <button
          type="button"
          onClick={onClose}
          className="text-xs font-medium underline"
          aria-label={texts.common.close}
        >
          ×
        </button>
      ) : null}
    </div>
  );
}

/** Atop a form brought back after the session ended (admin/lib/form-drafts.ts). */
export function DraftNotice({ filesLost = false }: { filesLost?: boolean | undefined }) {
  return (
    <Banner tone="info">
      {texts.drafts.restored}
      {filesLost ? ` ${texts.drafts.filesLost}` : ''}
    </Banner>
  );
}

// Under 640 px a `cards` table turns each row into a card: one line per cell, labelled by the
// cell's data-label. Other tables scroll sideways.
const CARD_CLASSES = [
  'max-sm:block max-sm:[&_tbody]:block max-sm:[&_thead]:hidden',
  'max-sm:[&_tr]:block max-sm:[&_tr]:px-1 max-sm:[&_tr]:py-2',
  'max-sm:[&_td]:flex max-sm:[&_td]:max-w-none max-sm:[&_td]:items-center max-sm:[&_td]:justify-between max-sm:[&_td]:gap-4 max-sm:[&_td]:py-1 max-sm:[&_td]:text-right',
  'max-sm:[&_td]:before:shrink-0 max-sm:[&_td]:before:text-xs max-sm:[&_td]:before:font-medium max-sm:[&_td]:before:text-slate-500 max-sm:[&_td]:before:content-[attr(data-label)]',
].join(' ');

/**
 * A table in a box that scrolls sideways when it must (a keyboard reaches it too: WCAG 2.1.1).
 * With `cards`, each row is a card on a phone instead: no sideways scroll, buttons in reach.
 */
export function TableWrap({ children, cards = false, label }: { children: ReactNode; cards?: boolean; label: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <table className={`min-w-full divide-y divide-slate-200 text-sm text-slate-800 ${cards ? CARD_CLASSES : ''}`}>
        {children}
      </table>
    </div>
  );
}

export const thClass =
  'px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase whitespace-nowrap bg-slate-50';
export const tdClass = 'px-3 py-2 align-middle';

export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <tr>
      {/* As a phone's card too: centred, not pushed right of an empty label. */}
      <td colSpan={colSpan} className="px-3 py-8 text-center text-sm text-slate-500 max-sm:justify-center!">
        {text}
      </td>
    </tr>
  );
}

/** One column of a DataTable: its heading and what each row shows under it. */
export interface Column<T> {
  /** The heading; on a phone's card, each cell's label. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes added to the cell (and, with `end`, right-aligned heading and cell). */
  className?: string;
  end?: boolean;
}

/**
 * The back office's list: headings, one row per item (a card on a phone), the empty text when
 * there is none. Columns say what a row shows; the markup is written once here.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  rowTestId,
  rowClassName,
}: {
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  empty: string;
  /** A row's data-testid, for tests that find one item's row. */
  rowTestId?: (row: T) => string;
  rowClassName?: string;
}) {
  return (
    <TableWrap cards label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} className={column.end ? `${thClass} text-right` : thClass}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.length === 0 ? <EmptyRow colSpan={columns.length} text={empty} /> : null}
        {rows.map((row) => (
          <tr key={rowKey(row)} data-testid={rowTestId?.(row)} className={rowClassName}>
            {columns.map((column) => (
              <td
                key={column.header}
                data-label={column.header}
                className={[tdClass, column.end ? 'text-right whitespace-nowrap' : '', column.className ?? '']
                  .filter(Boolean)
                  .join(' ')}
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </TableWrap>
  );
}

/** A row's buttons, at the end of the row (the actions column of a DataTable). */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="inline-flex flex-wrap justify-end gap-1">{children}</div>;
}

/** A small rounded status label; `tone` gives its colours. */
export function Pill({ tone, children }: { tone: string; children: ReactNode }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}>{children}</span>;
}

/** A page that could not load: what failed, and a way to try again (never beside an empty list). */
export function ErrorState({
  message,
  detail,
  onRetry,
  retrying = false,
}: {
  message: string;
  /** Which call failed, when the page makes several. */
  detail?: string | undefined;
  onRetry: () => void;
  /** The retry is under way: the button waits. */
  retrying?: boolean;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-6 text-center text-sm text-red-800">
      <p className="font-medium">{message}</p>
      {detail ? <p className="mt-1">{detail}</p> : null}
      <button type="button" className={`${buttonClass('secondary')} mt-3`} onClick={onRetry} disabled={retrying}>
        {texts.common.retry}
      </button>
    </div>
  );
}

export function Loading() {
  return (
    <p role="status" className="py-8 text-center text-sm text-slate-500">
      {texts.common.loading}
    </p>
  );
}

export function Pager({
  page,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <nav className="mt-4 flex items-center justify-between gap-2" aria-label="Pagination">
      <button type="button" className={buttonClass('secondary')} disabled={!hasPrevious} onClick={onPrevious}>
        {texts.common.previous}
      </button>
      <span className="text-sm text-slate-600">{texts.common.page(page)}</span>
      <button type="button" className={buttonClass('secondary')} disabled={!hasNext} onClick={onNext}>
        {texts.common.next}
      </button>
    </nav>
  );
}

/** A server time: ISO, or SQLite's "YYYY-MM-DD HH:MM:SS" in UTC. */
export function parseServerDate(value: string): Date {
  return new Date(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`);
}

/** Short English date (and time when there is one) for tables; a bare date is a calendar day. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = dateOnly ? new Date(value) : parseServerDate(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: dateOnly ? undefined : 'short',
    timeZone: dateOnly ? 'UTC' : undefined,
  }).format(date);
}

/** How long ago: "12 min ago", "3 h ago", "yesterday", "4 days ago". */
export function formatAge(value: string, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - parseServerDate(value).getTime()) / 60_000);
  if (!Number.isFinite(minutes)) return value;
  if (minutes < 1) return texts.common.ago.now;
  if (minutes < 60) return texts.common.ago.minutes(minutes);
  if (minutes < 24 * 60) return texts.common.ago.hours(Math.floor(minutes / 60));
  return texts.common.ago.days(Math.floor(minutes / (24 * 60)));
}
