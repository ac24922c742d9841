// The owner's team (Settings → Users): add a user with a role and a password, change a role, a
// commission or a password, disable or enable. Made for a phone: the list is cards there.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { moneySchema } from '@shop/domain/common-schemas';
import { formatDa } from '@shop/domain/money';
import {
  passwordSchema,
  ROLE_LABELS,
  ROLE_SUMMARIES,
  ROLES,
  userCreateSchema,
  type Role,
  type User,
} from '@shop/domain/staff';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormModalFooter, Modal } from '../../../components/modal.tsx';
import {
  Banner,
  DataTable,
  ErrorState,
  Field,
  Loading,
  PageHeader,
  Pill,
  RowActions,
  buttonClass,
  formatDate,
  inputClass,
} from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { useIdentity } from '../../../lib/access.tsx';
import { texts } from '../../../texts.ts';
import { useUsers } from '../api/get-users.ts';
import { useCreateUser, useSetUserEnabled, useUpdateUser } from '../api/save-user.ts';

type Notice = { tone: 'success' | 'error'; text: string };

export function UsersPage() {
  const users = useUsers();
  const me = useIdentity();
  const enable = useSetUserEnabled();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [disabling, setDisabling] = useState<User | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  function setEnabled(user: User, enabled: boolean) {
    setNotice(null);
    enable.mutate(
      { id: user.id, enabled },
      {
        onSuccess: (saved) =>
          setNotice({
            tone: 'success',
            text: enabled ? texts.users.enabledDone(saved.username) : texts.users.disabledDone(saved.username),
          }),
        onError: (e) => {
          if (!sessionEnded(e)) setNotice({ tone: 'error', text: errorMessage(e, texts.users.actionFailed) });
        },
        onSettled: () => setDisabling(null),
      },
    );
  }

  return (
    <section>
      <PageHeader title={texts.users.title}>
        <button type="button" className={buttonClass('primary')} onClick={() => setAdding(true)}>
          + {texts.users.add}
        </button>
      </PageHeader>
      <p className="-mt-2 mb-4 text-sm text-slate-600">{texts.users.intro}</p>
      {notice ? (
        <Banner tone={notice.tone} onClose={() => setNotice(null)}>
          {notice.text}
        </Banner>
      ) : null}
      {users.isError ? (
        <ErrorState
          message={texts.users.fetchFailed}
          retrying={users.isFetching}
          onRetry={() => void users.refetch()}
        />
      ) : users.isPending ? (
        <Loading />
      ) : (
        <DataTable
          label={texts.users.table}
          rows={users.data}
          rowKey={(user) => user.id}
          rowTestId={(user) => `user-${user.username}`}
          empty={texts.common.empty}
          columns={[
            {
              header: texts.users.username,
              className: 'font-medium',
              cell: (user) => (
                <span>
                  {user.username} {user.id === me.id ? <span className="text-slate-500">{texts.users.you}</span> : null}
                </span>
              ),
            },
            { header: texts.users.role, cell: (user) => ROLE_LABELS[user.role] },
            {
              header: texts.team.commission,
              className: 'tabular-nums',
              cell: (user) => formatDa(user.commission_per_delivery),
            },
            {
              header: texts.users.lastSeen,
              className: 'whitespace-nowrap',
              cell: (user) => (user.last_seen_at ? formatDate(user.last_seen_at) : texts.users.never),
            },
            {
              header: texts.orders.status,
              cell: (user) =>
                user.disabled ? (
                  <Pill tone="bg-slate-200 text-slate-700">{texts.users.disabled}</Pill>
                ) : (
                  <Pill tone="bg-green-100 text-green-800">{texts.users.active}</Pill>
                ),
            },
            {
              header: texts.common.actions,
              end: true,
              cell: (user) => (
                <RowActions>
                  <button type="button" className={buttonClass('secondary', true)} onClick={() => setEditing(user)}>
                    {texts.users.edit}
                  </button>
                  {user.id === me.id ? null : user.disabled ? (
                    <button
                      type="button"
                      className={buttonClass('secondary', true)}
                      disabled={enable.isPending}
                      onClick={() => setEnabled(user, true)}
                    >
                      {texts.users.enable}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className={buttonClass('outlineDanger', true)}
                      onClick={() => setDisabling(user)}
                    >
                      {texts.users.disable}
                    </button>
                  )}
                </RowActions>
              ),
            },
          ]}
        />
      )}
      {adding ? (
        <AddUserModal
          onClose={() => setAdding(false)}
          onAdded={(user) => {
            setAdding(false);
            setNotice({ tone: 'success', text: texts.users.created(user.username) });
          }}
        />
      ) : null}
      {editing ? (
        <EditUserModal
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={(user) => {
            setEditing(null);
            setNotice({ tone: 'success', text: texts.users.saved(user.username) });
          }}
        />
      ) : null}
      {disabling ? (
        <ConfirmDialog
          title={texts.users.disableTitle(disabling.username)}
          message={texts.users.disableConfirm}
          confirmLabel={texts.users.disable}
          busy={enable.isPending}
          onCancel={() => setDisabling(null)}
          onConfirm={() => setEnabled(disabling, false)}
        />
      ) : null}
    </section>
  );
}

function RoleSelect({ id, invalid, ...props }: { id: string; invalid: boolean } & React.ComponentProps<'select'>) {
  return (
    <select id={id} className={inputClass} aria-invalid={invalid ? true : undefined} {...props}>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

function AddUserModal({ onClose, onAdded }: { onClose: () => void; onAdded: (user: User) => void }) {
  const create = useCreateUser();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(userCreateSchema),
    defaultValues: { username: '', password: '', role: 'agent' as Role, commission_per_delivery: '0' },
  });
  const role = useWatch({ control, name: 'role' });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onAdded(await create.mutateAsync(values));
    } catch (error) {
      if (!sessionEnded(error)) setFailure(errorMessage(error, texts.users.createFailed));
    }
  });
  return (
    <Modal
      title={texts.users.addTitle}
      onClose={onClose}
      size="sm"
      footer={
        <FormModalFooter
          formId="user-form"
          onCancel={onClose}
          submitting={isSubmitting}
          submitLabel={texts.users.create}
        />
      }
    >
      <form id="user-form" noValidate onSubmit={onSubmit} className="space-y-4">
        {failure ? <Banner tone="error">{failure}</Banner> : null}
        <Field
          id="user-name"
          label={texts.users.username}
          hint={texts.users.usernameHint}
          error={errors.username?.message}
        >
          <input
            id="user-name"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className={inputClass}
            aria-invalid={errors.username ? true : undefined}
            {...register('username')}
          />
        </Field>
        <Field
          id="user-password"
          label={texts.users.password}
          hint={texts.users.passwordHint}
          error={errors.password?.message}
        >
          <input
            id="user-password"
            type="text"
            autoComplete="new-password"
            autoCapitalize="none"
            spellCheck={false}
            className={`${inputClass} font-mono`}
            aria-invalid={errors.password ? true : undefined}
            {...register('password')}
          />
        </Field>
        <Field id="user-role" label={texts.users.role} hint={ROLE_SUMMARIES[role]} error={errors.role?.message}>
          <RoleSelect id="user-role" invalid={Boolean(errors.role)} {...register('role')} />
        </Field>
        <Field
          id="user-commission"
          label={texts.users.commission}
          hint={texts.users.commissionHint}
          error={errors.commission_per_delivery?.message}
        >
          <input
            id="user-commission"
            inputMode="decimal"
            className={inputClass}
            aria-invalid={errors.commission_per_delivery ? true : undefined}
            {...register('commission_per_delivery')}
          />
        </Field>
      </form>
    </Modal>
  );
}

/** The change form: an empty password keeps the one they have. */
const userChangeSchema = z.object({
  role: z.enum(ROLES),
  commission_per_delivery: moneySchema('Commission per delivered order'),
  password: z.union([z.literal(''), passwordSchema]),
});

function EditUserModal({ user, onClose, onSaved }: { user: User; onClose: () => void; onSaved: (user: User) => void }) {
  const update = useUpdateUser();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(userChangeSchema),
    defaultValues: { role: user.role, commission_per_delivery: String(user.commission_per_delivery), password: '' },
  });
  const role = useWatch({ control, name: 'role' });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const change = {
      ...(values.role !== user.role ? { role: values.role } : {}),
      ...(values.commission_per_delivery !== user.commission_per_delivery
        ? { commission_per_delivery: values.commission_per_delivery }
        : {}),
      ...(values.password ? { password: values.password } : {}),
    };
    if (Object.keys(change).length === 0) return onClose();
    try {
      onSaved(await update.mutateAsync({ id: user.id, ...change }));
    } catch (error) {
      if (!sessionEnded(error)) setFailure(errorMessage(error, texts.users.saveFailed));
    }
  });
  return (
    <Modal
      title={texts.users.editTitle(user.username)}
      onClose={onClose}
      size="sm"
      footer={<FormModalFooter formId="user-edit-form" onCancel={onClose} submitting={isSubmitting} />}
    >
      <form id="user-edit-form" noValidate onSubmit={onSubmit} className="space-y-4">
        {failure ? <Banner tone="error">{failure}</Banner> : null}
        <Field id="user-edit-role" label={texts.users.role} hint={ROLE_SUMMARIES[role]} error={errors.role?.message}>
          <RoleSelect id="user-edit-role" invalid={Boolean(errors.role)} {...register('role')} />
        </Field>
        <Field
          id="user-edit-commission"
          label={texts.users.commission}
          hint={texts.users.commissionHint}
          error={errors.commission_per_delivery?.message}
        >
          <input
            id="user-edit-commission"
            inputMode="decimal"
            className={inputClass}
            aria-invalid={errors.commission_per_delivery ? true : undefined}
            {...register('commission_per_delivery')}
          />
        </Field>
        <Field
          id="user-edit-password"
          label={texts.users.newPassword}
          hint={texts.users.newPasswordHint}
          error={errors.password?.message}
        >
          <input
            id="user-edit-password"
            type="text"
            autoComplete="new-password"
            autoCapitalize="none"
            spellCheck={false}
            className={`${inputClass} font-mono`}
            aria-invalid={errors.password ? true : undefined}
            {...register('password')}
          />
        </Field>
      </form>
    </Modal>
  );
}
