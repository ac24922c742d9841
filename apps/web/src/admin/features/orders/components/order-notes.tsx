import { useId, useState, type FormEvent } from 'react';
import { buttonClass, formatDate, inputClass } from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import type { Order } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';
import { useAddNote } from '../api/add-note.ts';

/** The order's internal notes, oldest first, and a box to add one. */
export function OrderNotes({ order }: { order: Order }) {
  const id = useId();
  const add = useAddNote();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const notes = order.notes ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return setError(texts.orders.noteRequired);
    setError(null);
    add.mutate(
      { id: order.id, text: text.trim() },
      {
        onSuccess: () => setText(''),
        onError: (e) => {
          if (!sessionEnded(e)) setError(errorMessage(e, texts.orders.noteFailed));
        },
      },
    );
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="mb-2 text-sm font-semibold text-slate-700">
        {texts.orders.notes}
      </h3>
      {notes.length === 0 ? (
        <p className="text-sm text-slate-500">{texts.orders.noNotes}</p>
      ) : (
        <ul className="space-y-2" data-testid="notes">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2">
              <p className="text-sm break-words whitespace-pre-line text-slate-900">{note.text}</p>
              <p className="mt-1 text-xs text-slate-600">
                {texts.orders.byAuthor(note.author, formatDate(note.created_at))}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={submit} className="mt-3 space-y-2">
        <label htmlFor={`${id}-text`} className="block text-xs font-medium text-slate-700">
          {texts.orders.noteLabel}
        </label>
        <textarea
          id={`${id}-text`}
          rows={2}
          maxLength={1000}
          className={inputClass}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
            {error}
          </p>
        ) : null}
        <button type="submit" className={`${buttonClass('secondary')} w-full sm:w-auto`} disabled={add.isPending}>
          {texts.orders.addNote}
        </button>
      </form>
    </section>
  );
}
