import { useState, type FormEvent } from 'react';
import { normalizeAlgerianPhone } from '@shop/domain/phone';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import {
  Banner,
  DataTable,
  ErrorState,
  Field,
  Loading,
  buttonClass,
  formatDate,
  inputClass,
} from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { texts } from '../../../texts.ts';
import { useAddToBlacklist } from '../api/add-to-blacklist.ts';
import { useBlacklist } from '../api/get-blacklist.ts';
import { useRemoveFromBlacklist } from '../api/remove-from-blacklist.ts';

type Message = { tone: 'success' | 'error'; text: string };

/** Phones whose orders are held or refused: the list, a form to add one, a confirmed removal. */
export function BlacklistSection() {
  const list = useBlacklist();
  const remove = useRemoveFromBlacklist();
  const [message, setMessage] = useState<Message | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  function confirmRemove(phone: string) {
    remove.mutate(phone, {
      onSuccess: () => setMessage({ tone: 'success', text: texts.settings.blacklistRemoved(phone) }),
      onError: (e) => {
        if (!sessionEnded(e))
          setMessage({ tone: 'error', text: errorMessage(e, texts.settings.blacklistRemoveFailed) });
      },
      onSettled: () => setRemoving(null),
    });
  }

  return (
    <section
      aria-labelledby="blacklist-title"
      className="max-w-xl rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="blacklist-title" className="text-base font-semibold text-slate-900">
        {texts.settings.blacklistTitle}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{texts.settings.blacklistIntro}</p>
      {message ? (
        <Banner tone={message.tone} onClose={() => setMessage(null)}>
          {message.text}
        </Banner>
      ) : null}
      <AddForm onMessage={setMessage} />
      <div className="mt-4">
        {list.isError ? (
          <ErrorState
            message={texts.settings.blacklistFetchFailed}
            retrying={list.isFetching}
            onRetry={() => void list.refetch()}
          />
        ) : list.isPending ? (
          <Loading />
        ) : (
          <DataTable
            label={texts.settings.blacklistTable}
            rows={list.data}
            rowKey={(entry) => entry.phone}
            empty={texts.settings.blacklistEmpty}
            columns={[
              { header: texts.settings.phone, className: 'font-medium tabular-nums', cell: (entry) => entry.phone },
              { header: texts.settings.reason, className: 'break-words', cell: (entry) => entry.reason || '—' },
              {
                header: texts.settings.added,
                className: 'text-xs whitespace-nowrap',
                cell: (entry) => formatDate(entry.created_at),
              },
              {
                header: texts.common.actions,
                end: true,
                cell: (entry) => (
                  <button
                    type="button"
                    className={buttonClass('danger', true)}
                    aria-label={texts.settings.blacklistRemoveLabel(entry.phone)}
                    onClick={() => setRemoving(entry.phone)}
                  >
                    {texts.settings.blacklistRemove}
                  </button>
                ),
              },
            ]}
          />
        )}
      </div>
      {removing ? (
        <ConfirmDialog
          title={texts.settings.blacklistRemoveTitle}
          message={texts.settings.blacklistRemoveConfirm(removing)}
          confirmLabel={texts.settings.blacklistRemove}
          busy={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() => confirmRemove(removing)}
        />
      ) : null}
    </section>
  );
}

function AddForm({ onMessage }: { onMessage: (message: Message) => void }) {
  const add = useAddToBlacklist();
  const [phone, setPhone] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const normalized = normalizeAlgerianPhone(phone);
    if (!normalized) return setError(texts.settings.phoneInvalid);
    setError(null);
    add.mutate(
      { phone: normalized, reason: reason.trim() },
      {
        onSuccess: (entry) => {
          setPhone('');
          setReason('');
          onMessage({ tone: 'success', text: texts.settings.blacklistAdded(entry.phone) });
        },
        onError: (e) => {
          if (!sessionEnded(e)) onMessage({ tone: 'error', text: errorMessage(e, texts.settings.blacklistAddFailed) });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
      <Field id="blacklist-phone" label={texts.settings.phone} error={error ?? undefined}>
        <input
          id="blacklist-phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          className={`${inputClass} tabular-nums`}
          value={phone}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'blacklist-phone-error' : undefined}
          onChange={(e) => setPhone(e.target.value)}
        />
      </Field>
      <Field id="blacklist-reason" label={texts.settings.reason}>
        <input
          id="blacklist-reason"
          maxLength={200}
          className={inputClass}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <button type="submit" className={`${buttonClass('primary')} sm:mt-5`} disabled={add.isPending}>
        {texts.settings.blacklistAdd}
      </button>
    </form>
  );
}
