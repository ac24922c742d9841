import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { shippingPriceCreateSchema } from '@shop/domain/shipping-schemas';
import { formatDa } from '@shop/domain/money';
import type { z } from 'zod';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { useKeepFormDraft, useReopenFormDraft, useRestoredFormDraft } from '../../../lib/form-drafts.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormModalFooter, Modal } from '../../../components/modal.tsx';
import {
  AmountInput,
  Banner,
  DataTable,
  DraftNotice,
  ErrorState,
  Field,
  Loading,
  PageHeader,
  Pill,
  RowActions,
  buttonClass,
  inputBase,
  inputClass,
} from '../../../components/ui.tsx';
import type { ShippingPrice } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';
import { useShippingPrices } from '../api/get-shipping-prices.ts';
import { useSaveShippingPrice } from '../api/save-shipping-price.ts';
import { useDeleteShippingPrice } from '../api/delete-shipping-price.ts';
import { AdjustPricesModal } from './adjust-prices-modal.tsx';
import { useCourierConfigured } from '../api/import-fees.ts';
import { ImportFeesModal, type ImportSource } from './import-fees-modal.tsx';
import { CommuneFeesModal } from './commune-fees-modal.tsx';
import { WilayaDivisionsPanel } from './wilaya-divisions-panel.tsx';

type Message = { tone: 'error' | 'success'; text: string } | null;

const SHIPPING_PRICE_FORM = 'shipping-price';

export function ShippingPage() {
  const prices = useShippingPrices();
  const remove = useDeleteShippingPrice();
  const [editing, setEditing] = useState<ShippingPrice | 'new' | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [filter, setFilter] = useState('');
  const [adjusting, setAdjusting] = useState(false);
  const [importing, setImporting] = useState<ImportSource | null>(null);
  const [communesOf, setCommunesOf] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ShippingPrice | null>(null);
  const courier = useCourierConfigured();
  useReopenFormDraft(SHIPPING_PRICE_FORM, prices.isSuccess, (target) => {
    const price = target === 'new' ? 'new' : prices.data?.find((p) => String(p.id) === target);
    if (price) setEditing(price);
  });

  function onDelete(price: ShippingPrice) {
    setMessage(null);
    setDeleting(price);
  }

  const query = filter.trim().toLowerCase();
  const rows = (prices.data ?? []).filter((p) => !query || p.wilaya_name.toLowerCase().includes(query));
  return (
    <section>
      <PageHeader title={texts.shipping.title}>
        <input
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={texts.shipping.wilaya}
          aria-label={`Filter by ${texts.shipping.wilaya}`}
          className={`${inputBase} w-40`}
        />
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => setAdjusting(true)}
          disabled={!prices.data?.length}
        >
          {texts.shipping.adjustOpen}
        </button>
        {courier.data?.configured ? (
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => setImporting({ kind: 'yalidine' })}
            disabled={!prices.data?.length}
          >
            {texts.shipping.importYalidine}
          </button>
        ) : null}
        <CsvImportButton onFile={(file) => setImporting({ kind: 'csv', file })} />
        <button type="button" className={buttonClass('primary')} onClick={() => setEditing('new')}>
          + {texts.shipping.add}
        </button>
      </PageHeader>
      {prices.data ? (
        <GettingStarted
          noStopDesk={prices.data.every((p) => p.stop_desk_price === null)}
          yalidine={courier.data?.configured === true}
          onImport={setImporting}
        />
      ) : null}
      {message ? (
        <Banner tone={message.tone} onClose={() => setMessage(null)}>
          {message.text}
        </Banner>
      ) : null}
      <WilayaDivisionsPanel provisional={(prices.data ?? []).filter((p) => p.provisional).length} />
      {prices.isError ? (
        <ErrorState message={texts.shipping.fetchFailed} onRetry={() => void prices.refetch()} />
      ) : prices.isPending ? (
        <Loading />
      ) : (
        <DataTable
          label={texts.shipping.title}
          rows={rows}
          rowKey={(price) => price.id}
          rowTestId={(price) => `wilaya-${price.id}`}
          empty={texts.shipping.empty}
          columns={[
            {
              header: texts.shipping.code,
              className: 'tabular-nums text-slate-500 sm:w-16',
              cell: (price) => price.wilaya_code ?? '—',
            },
            {
              header: texts.shipping.wilaya,
              cell: (price) => (
                <span className="inline-flex flex-wrap items-center justify-end gap-x-2">
                  <span className="font-medium">{price.wilaya_name}</span>
                  {price.provisional ? (
                    <span title={texts.shipping.provisionalHint}>
                      <Pill tone="bg-amber-100 text-amber-900">{texts.shipping.provisional}</Pill>
                    </span>
                  ) : null}
                  {price.offered ? null : (
                    <span title={texts.shipping.notOfferedHint}>
                      <Pill tone="bg-slate-200 text-slate-700">{texts.shipping.notOffered}</Pill>
                    </span>
                  )}
                  {price.communes.length > 0 ? (
                    <button
                      type="button"
                      className="inline-flex min-h-11 items-center text-sm text-slate-700 underline underline-offset-2 hover:text-slate-900 md:min-h-0"
                      onClick={() => setCommunesOf(price.id)}
                    >
                      {texts.shipping.communesPricedApart(price.communes.length)}
                    </button>
                  ) : null}
                </span>
              ),
            },
            {
              header: texts.shipping.homeColumn,
              className: 'whitespace-nowrap tabular-nums',
              cell: (price) => formatDa(price.price),
            },
            {
              header: texts.shipping.stopDeskPrice,
              className: 'whitespace-nowrap tabular-nums',
              cell: (price) =>
                price.stop_desk_price === null ? (
                  <span className="text-slate-500">{texts.shipping.noStopDesk}</span>
                ) : (
                  formatDa(price.stop_desk_price)
                ),
            },
            {
              header: texts.common.actions,
              end: true,
              cell: (price) => (
                <RowActions>
                  <button
                    type="button"
                    className={buttonClass('secondary', true)}
                    aria-label={`${texts.common.edit} ${price.wilaya_name}`}
                    onClick={() => setEditing(price)}
                  >
                    {texts.common.edit}
                  </button>
                  <button
                    type="button"
                    className={buttonClass('danger', true)}
                    aria-label={`${texts.common.delete} ${price.wilaya_name}`}
                    onClick={() => onDelete(price)}
                  >
                    {texts.common.delete}
                  </button>
                </RowActions>
              ),
            },
          ]}
        />
      )}
      {editing ? (
        <ShippingPriceModal
          price={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setMessage({ tone: 'success', text });
          }}
        />
      ) : null}
      {importing ? (
        <ImportFeesModal
          source={importing}
          onClose={() => setImporting(null)}
          onDone={(text) => {
            setImporting(null);
            setMessage({ tone: 'success', text });
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={texts.shipping.deleteTitle}
          message={texts.shipping.confirmDelete(deleting.wilaya_name)}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => setMessage({ tone: 'success', text: texts.shipping.deleted }),
              onError: (error) => setMessage({ tone: 'error', text: errorMessage(error, texts.shipping.deleteFailed) }),
              onSettled: () => setDeleting(null),
            })
          }
        />
      ) : null}
      {communesOf !== null ? <CommuneFeesModal wilayaId={communesOf} onClose={() => setCommunesOf(null)} /> : null}
      {adjusting ? (
        <AdjustPricesModal
          wilayas={prices.data ?? []}
          onClose={() => setAdjusting(false)}
          onDone={(text) => {
            setAdjusting(false);
            setMessage({ tone: 'success', text });
          }}
        />
      ) : null}
    </section>
  );
}

function ShippingPriceModal({
  price,
  onClose,
  onSaved,
}: {
  price?: ShippingPrice;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const save = useSaveShippingPrice();
  const [failure, setFailure] = useState<string | null>(null);
  const target = price ? String(price.id) : 'new';
  const draft = useRestoredFormDraft<z.input<typeof shippingPriceCreateSchema>>(SHIPPING_PRICE_FORM, target);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(shippingPriceCreateSchema),
    defaultValues: draft?.values ?? {
      wilaya_name: price?.wilaya_name ?? '',
      price: price?.price ?? '',
      stop_desk_price: price ? (price.stop_desk_price ?? '') : '',
      wilaya_code: price?.wilaya_code ?? null,
    },
  });
  useKeepFormDraft(SHIPPING_PRICE_FORM, target, () => ({ values: getValues() }));
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: price?.id, values });
      onSaved(price ? texts.shipping.updated : texts.shipping.added);
    } catch (error) {
      // The server says what is wrong (a wilaya that already has a price); SPEC §8's text otherwise.
      if (!sessionEnded(error)) setFailure(errorMessage(error, texts.shipping.saveFailed));
    }
  });
  return (
    <Modal
      title={price ? texts.shipping.editTitle : texts.shipping.addTitle}
      onClose={onClose}
      size="sm"
      footer={<FormModalFooter formId="shipping-form" onCancel={onClose} submitting={isSubmitting} />}
    >
      <form id="shipping-form" noValidate onSubmit={onSubmit} className="space-y-4">
        {draft ? <DraftNotice /> : null}
        {failure ? <Banner tone="error">{failure}</Banner> : null}
        <Field id="shipping-wilaya" label={texts.shipping.wilaya} error={errors.wilaya_name?.message}>
          <input
            id="shipping-wilaya"
            className={inputClass}
            aria-invalid={errors.wilaya_name ? true : undefined}
            {...register('wilaya_name')}
          />
        </Field>
        <Field
          id="shipping-price"
          label={texts.shipping.price}
          error={errors.price?.message}
          hint={texts.shipping.priceHint}
        >
          <AmountInput id="shipping-price" invalid={Boolean(errors.price)} {...register('price')} />
        </Field>
        <Field
          id="shipping-stop-desk-price"
          label={texts.shipping.stopDeskPrice}
          error={errors.stop_desk_price?.message}
          hint={texts.shipping.stopDeskHint}
        >
          <AmountInput
            id="shipping-stop-desk-price"
            invalid={Boolean(errors.stop_desk_price)}
            {...register('stop_desk_price')}
          />
        </Field>
      </form>
    </Modal>
  );
}

/** The CSV import: a file chooser that looks like a button. */
function CsvImportButton({
  onFile,
  label = texts.shipping.importCsv,
  inputLabel = texts.shipping.importCsvLabel,
}: {
  onFile: (file: File) => void;
  label?: string;
  inputLabel?: string;
}) {
  return (
    <label className={`${buttonClass('secondary')} cursor-pointer focus-within:ring-2 focus-within:ring-slate-900`}>
      {label}
      <input
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        className="sr-only"
        aria-label={inputLabel}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}

const HELP_SEEN_KEY = 'admin.shippingHelpSeen';

function helpSeen(): boolean {
  try {
    return localStorage.getItem(HELP_SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The owner's first visits: the fees are the starting ones until the courier's grid is imported
 * (Yalidine's, or a CSV file), and customers get no stop desk until its fees are set. Hidden once
 * the owner says so; the line about stop desks stays while no wilaya has one.
 */
function GettingStarted({
  noStopDesk,
  yalidine,
  onImport,
}: {
  noStopDesk: boolean;
  yalidine: boolean;
  onImport: (source: ImportSource) => void;
}) {
  const [seen, setSeen] = useState(helpSeen);
  if (seen && !noStopDesk) return null;
  return (
    <section
      aria-labelledby="shipping-start"
      className="mb-4 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950"
      data-testid="shipping-start"
    >
      <h2 id="shipping-start" className="text-base font-semibold">
        {texts.shipping.startTitle}
      </h2>
      {noStopDesk ? <p className="mt-1 font-medium">{texts.shipping.startNoStopDesk}</p> : null}
      {!seen ? (
        <>
          <p className="mt-1">{texts.shipping.startIntro}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>{yalidine ? texts.shipping.startYalidine : texts.shipping.startYalidineAccount}</li>
            <li>
              {texts.shipping.startCsv} <code className="rounded bg-white px-1">16 - Alger;400;250</code>{' '}
              {texts.shipping.startCsvExcel}
            </li>
          </ul>
        </>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {yalidine ? (
          <button type="button" className={buttonClass('primary')} onClick={() => onImport({ kind: 'yalidine' })}>
            {texts.shipping.startYalidineButton}
          </button>
        ) : null}
        <CsvImportButton
          onFile={(file) => onImport({ kind: 'csv', file })}
          label={texts.shipping.startCsvButton}
          inputLabel={texts.shipping.startCsvInput}
        />
        {!seen ? (
          <button
            type="button"
            className={buttonClass('ghost')}
            onClick={() => {
              try {
                localStorage.setItem(HELP_SEEN_KEY, '1');
              } catch {
                // Storage refused: hidden for this visit only.
              }
              setSeen(true);
            }}
          >
            {texts.shipping.startDismiss}
          </button>
        ) : null}
      </div>
    </section>
  );
}
