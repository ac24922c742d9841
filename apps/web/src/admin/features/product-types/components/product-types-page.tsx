import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { productTypeSchema } from '@shop/domain/catalog-schemas';
import type { z } from 'zod';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { useKeepFormDraft, useReopenFormDraft, useRestoredFormDraft } from '../../../lib/form-drafts.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormModalFooter, Modal } from '../../../components/modal.tsx';
import { BilingualFields } from '../../../components/bilingual-fields.tsx';
import {
  Banner,
  DataTable,
  DraftNotice,
  ErrorState,
  Loading,
  PageHeader,
  RowActions,
  buttonClass,
} from '../../../components/ui.tsx';
import type { ProductType } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';
import { useProductTypes } from '../api/get-product-types.ts';
import { useSaveProductType } from '../api/save-product-type.ts';
import { useDeleteProductType } from '../api/delete-product-type.ts';

const PRODUCT_TYPE_FORM = 'product-type';

export function ProductTypesPage() {
  const types = useProductTypes();
  const remove = useDeleteProductType();
  const [editing, setEditing] = useState<ProductType | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ProductType | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useReopenFormDraft(PRODUCT_TYPE_FORM, types.isSuccess, (target) => {
    const type = target === 'new' ? 'new' : types.data?.find((t) => String(t.id) === target);
    if (type) setEditing(type);
  });

  function onDelete(type: ProductType) {
    setError(null);
    setNotice(null);
    setDeleting(type);
  }

  const rows = (types.data ?? []).filter((t) => !t.for_custom);
  return (
    <section>
      <PageHeader title={texts.productTypes.title}>
        <button type="button" className={buttonClass('primary')} onClick={() => setEditing('new')}>
          + {texts.productTypes.add}
        </button>
      </PageHeader>
      {error ? (
        <Banner tone="error" onClose={() => setError(null)}>
          {error}
        </Banner>
      ) : null}
      {notice ? (
        <Banner tone="success" onClose={() => setNotice(null)}>
          {notice}
        </Banner>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={texts.productTypes.deleteTitle}
          message={texts.productTypes.confirmDelete(deleting.name)}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => setNotice(texts.productTypes.deleted(deleting.name)),
              onError: (e) => {
                if (!sessionEnded(e)) setError(errorMessage(e, texts.productTypes.deleteFailed));
              },
              onSettled: () => setDeleting(null),
            })
          }
        />
      ) : null}
      {types.isError ? (
        <ErrorState message={texts.productTypes.failed} onRetry={() => void types.refetch()} />
      ) : types.isPending ? (
        <Loading />
      ) : (
        <DataTable
          label={texts.productTypes.title}
          rows={rows}
          rowKey={(type) => type.id}
          empty={texts.productTypes.empty}
          columns={[
            { header: texts.productTypes.name, className: 'whitespace-nowrap font-medium', cell: (type) => type.name },
            {
              header: texts.productTypes.description,
              className: 'text-slate-600 sm:min-w-[16rem]',
              cell: (type) => type.description,
            },
            {
              header: texts.common.actions,
              end: true,
              cell: (type) => (
                <RowActions>
                  <button type="button" className={buttonClass('secondary', true)} onClick={() => setEditing(type)}>
                    {texts.common.edit}
                  </button>
                  <button type="button" className={buttonClass('danger', true)} onClick={() => onDelete(type)}>
                    {texts.common.delete}
                  </button>
                </RowActions>
              ),
            },
          ]}
        />
      )}
      {editing ? (
        <ProductTypeModal type={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}

function ProductTypeModal({ type, onClose }: { type?: ProductType; onClose: () => void }) {
  const save = useSaveProductType();
  const [failure, setFailure] = useState<string | null>(null);
  const target = type ? String(type.id) : 'new';
  const draft = useRestoredFormDraft<z.input<typeof productTypeSchema>>(PRODUCT_TYPE_FORM, target);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(productTypeSchema),
    defaultValues: draft?.values ?? {
      name: type?.name ?? '',
      description: type?.description ?? '',
      name_ar: type?.name_ar ?? '',
      description_ar: type?.description_ar ?? '',
      for_custom: false,
    },
  });
  useKeepFormDraft(PRODUCT_TYPE_FORM, target, () => ({ values: getValues() }));
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({
        id: type?.id,
        values: {
          name: values.name,
          description: values.description,
          name_ar: values.name_ar ?? null,
          description_ar: values.description_ar ?? null,
        },
      });
      onClose();
    } catch (error) {
      if (!sessionEnded(error)) setFailure(errorMessage(error, texts.productTypes.saveFailed));
    }
  });
  return (
    <Modal
      title={type ? texts.productTypes.editTitle : texts.productTypes.addTitle}
      onClose={onClose}
      size="sm"
      footer={<FormModalFooter formId="product-type-form" onCancel={onClose} submitting={isSubmitting} />}
    >
      <form id="product-type-form" noValidate onSubmit={onSubmit} className="space-y-4">
        {draft ? <DraftNotice /> : null}
        {failure ? <Banner tone="error">{failure}</Banner> : null}
        <BilingualFields id="type" register={register} errors={errors} />
      </form>
    </Modal>
  );
}
