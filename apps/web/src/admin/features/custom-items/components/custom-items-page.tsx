import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { customOrderItemSchema, isCupName, parseList } from '@shop/domain/custom-item-schemas';
import { formatDa } from '@shop/domain/money';
import type { z } from 'zod';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { useKeepFormDraft, useReopenFormDraft, useRestoredFormDraft } from '../../../lib/form-drafts.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormModalFooter, Modal } from '../../../components/modal.tsx';
import { BilingualFields } from '../../../components/bilingual-fields.tsx';
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
  inputClass,
} from '../../../components/ui.tsx';
import type { CustomItem } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';
import { useCustomItems } from '../api/get-custom-items.ts';
import { useSaveCustomItem } from '../api/save-custom-item.ts';
import { useToggleCustomItem } from '../api/toggle-custom-item.ts';
import { useDeleteCustomItem } from '../api/delete-custom-item.ts';

function isActive(item: CustomItem): boolean {
  return item.active;
}

const CUSTOM_ITEM_FORM = 'custom-item';

export function CustomItemsPage() {
  const items = useCustomItems();
  const toggle = useToggleCustomItem();
  const remove = useDeleteCustomItem();
  const [editing, setEditing] = useState<CustomItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomItem | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  useReopenFormDraft(CUSTOM_ITEM_FORM, items.isSuccess, (target) => {
    const item = target === 'new' ? 'new' : items.data?.find((i) => String(i.id) === target);
    if (item) setEditing(item);
  });

  function onDelete(item: CustomItem) {
    setMessage(null);
    setDeleting(item);
  }

  /** A failure said in the page: the server's message, else SPEC's. */
  const failed = (fallback: string) => (error: unknown) => {
    if (!sessionEnded(error)) setMessage({ tone: 'error', text: errorMessage(error, fallback) });
  };

  const rows = items.data ?? [];
  return (
    <section>
      <PageHeader title={texts.customItems.title}>
        <button type="button" className={buttonClass('primary')} onClick={() => setEditing('new')}>
          + {texts.customItems.add}
        </button>
      </PageHeader>
      {message ? (
        <Banner tone={message.tone} onClose={() => setMessage(null)}>
          {message.text}
        </Banner>
      ) : null}
      {items.isError ? (
        <ErrorState message={texts.customItems.failed} onRetry={() => void items.refetch()} />
      ) : items.isPending ? (
        <Loading />
      ) : (
        <DataTable
          label={texts.customItems.title}
          rows={rows}
          rowKey={(item) => item.id}
          empty={texts.customItems.empty}
          columns={[
            {
              header: texts.customItems.name,
              className: 'font-medium',
              cell: (item) => (
                <span>
                  {item.name}
                  {item.description ? (
                    <span className="block text-xs font-normal text-slate-600">{item.description}</span>
                  ) : null}
                </span>
              ),
            },
            {
              header: texts.customItems.basePrice,
              className: 'whitespace-nowrap tabular-nums',
              cell: (item) => formatDa(item.base_price),
            },
            {
              header: texts.customItems.sizesCol,
              cell: (item) => (item.available_sizes === null ? '—' : parseList(item.available_sizes).join(', ')),
            },
            { header: texts.customItems.colorsCol, cell: (item) => parseList(item.available_colors).join(', ') },
            {
              header: texts.customItems.active,
              cell: (item) =>
                isActive(item) ? (
                  <Pill tone="bg-green-100 text-green-800">{texts.customItems.active}</Pill>
                ) : (
                  <Pill tone="bg-slate-200 text-slate-600">{texts.customItems.inactive}</Pill>
                ),
            },
            {
              header: texts.common.actions,
              end: true,
              cell: (item) => (
                <RowActions>
                  <button
                    type="button"
                    className={buttonClass('secondary', true)}
                    onClick={() => {
                      setMessage(null);
                      toggle.mutate(item.id, { onError: failed(texts.customItems.toggleFailed) });
                    }}
                  >
                    {isActive(item) ? texts.customItems.deactivate : texts.customItems.activate}
                  </button>
                  <button type="button" className={buttonClass('secondary', true)} onClick={() => setEditing(item)}>
                    {texts.common.edit}
                  </button>
                  <button type="button" className={buttonClass('danger', true)} onClick={() => onDelete(item)}>
                    {texts.common.delete}
                  </button>
                </RowActions>
              ),
            },
          ]}
        />
      )}
      {editing ? (
        <CustomItemModal item={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={texts.customItems.deleteTitle}
          message={texts.customItems.confirmDelete(deleting.name)}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => setMessage({ tone: 'success', text: texts.customItems.deleted(deleting.name) }),
              onError: failed(texts.customItems.deleteFailed),
              onSettled: () => setDeleting(null),
            })
          }
        />
      ) : null}
    </section>
  );
}

function CustomItemModal({ item, onClose }: { item?: CustomItem; onClose: () => void }) {
  const save = useSaveCustomItem();
  const [failure, setFailure] = useState<string | null>(null);
  const target = item ? String(item.id) : 'new';
  const draft = useRestoredFormDraft<z.input<typeof customOrderItemSchema>>(CUSTOM_ITEM_FORM, target);
  const {
    register,
    handleSubmit,
    control,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(customOrderItemSchema),
    defaultValues: draft?.values ?? {
      name: item?.name ?? '',
      description: item?.description ?? '',
      name_ar: item?.name_ar ?? '',
      description_ar: item?.description_ar ?? '',
      base_price: item?.base_price ?? '',
      available_sizes: item ? parseList(item.available_sizes).join(', ') : '',
      available_colors: item ? parseList(item.available_colors).join(', ') : '',
      active: item ? isActive(item) : true,
    },
  });
  useKeepFormDraft(CUSTOM_ITEM_FORM, target, () => ({ values: getValues() }));
  const cup = isCupName(String(useWatch({ control, name: 'name' }) ?? ''));
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: item?.id, values });
      onClose();
    } catch (error) {
      if (!sessionEnded(error)) setFailure(errorMessage(error, texts.customItems.saveFailed));
    }
  });
  return (
    <Modal
      title={item ? texts.customItems.editTitle : texts.customItems.addTitle}
      onClose={onClose}
      footer={<FormModalFooter formId="custom-item-form" onCancel={onClose} submitting={isSubmitting} />}
    >
      <form id="custom-item-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        {failure ? (
          <div className="sm:col-span-2">
            <Banner tone="error">{failure}</Banner>
          </div>
        ) : null}
        {draft ? (
          <div className="sm:col-span-2">
            <DraftNotice />
          </div>
        ) : null}
        <BilingualFields id="item" register={register} errors={errors} descriptionRows={2} className="sm:col-span-2" />
        <Field id="item-price" label={`${texts.customItems.basePrice} (Da)`} error={errors.base_price?.message}>
          <AmountInput id="item-price" invalid={Boolean(errors.base_price)} {...register('base_price')} />
        </Field>
        <Field
          id="item-sizes"
          label={texts.customItems.sizes}
          error={cup ? undefined : errors.available_sizes?.message}
          hint={cup ? texts.customItems.cupNoSizes : 'S, M, L, XL'}
          className="sm:col-span-2"
        >
          <input
            id="item-sizes"
            className={inputClass}
            disabled={cup}
            aria-invalid={errors.available_sizes && !cup ? true : undefined}
            {...register('available_sizes')}
          />
        </Field>
        <Field
          id="item-colors"
          label={texts.customItems.colors}
          error={errors.available_colors?.message}
          hint="Black, White, Red"
          className="sm:col-span-2"
        >
          <input
            id="item-colors"
            className={inputClass}
            aria-invalid={errors.available_colors ? true : undefined}
            {...register('available_colors')}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4" {...register('active')} />
          {texts.customItems.active}
        </label>
      </form>
    </Modal>
  );
}
