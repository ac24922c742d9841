// Settings → Couriers: the courier accounts (credentials written, never read back), their places
// matched once, the routing table, and after how long a parcel counts as stranded.
import { useState, type FormEvent } from 'react';
import {
  COURIER_CREDENTIALS,
  DEFAULT_COURIER_DIVISION,
  HAND_OVER_COURIERS,
  ROUTE_DELIVERY_TYPES,
  type CourierAccount,
  type CourierRoute,
} from '@shop/domain/courier-accounts';
import { COURIERS, type CourierName } from '@shop/domain/courier-statuses';
import { ECOTRACK_TENANTS, ecotrackHost } from '@shop/domain/ecotrack-tenants';
import { DIVISION_IDS } from '@shop/domain/geo/wilayas';
import { ApiError } from '../../../../lib/api.ts';
import {
  Banner,
  ErrorState,
  Field,
  Loading,
  Pill,
  buttonClass,
  inputBase,
  inputClass,
} from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { texts } from '../../../texts.ts';
import {
  useCourierAccounts,
  useMatchPlaces,
  useSaveCourierAccount,
  type CourierAccountInput,
  type PlacesResult,
} from '../api/courier-accounts.ts';
import { useCourierRoutes, useRouteWilayas, useSaveCourierRoutes } from '../api/courier-routes.ts';
import { useCourierSettings, useSaveCourierSettings } from '../api/courier-settings.ts';

type Notice = { tone: 'success' | 'error'; text: string } | null;

export function CouriersSection() {
  const accounts = useCourierAccounts();
  const [editing, setEditing] = useState<CourierAccount | 'new' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="couriers-title">
      <h2 id="couriers-title" className="text-lg font-semibold">
        {texts.couriers.title}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{texts.couriers.intro}</p>
      {notice ? (
        <Banner tone={notice.tone} onClose={() => setNotice(null)}>
          {notice.text}
        </Banner>
      ) : null}
      {accounts.isError ? (
        <ErrorState
          message={texts.couriers.failed}
          onRetry={() => void accounts.refetch()}
          retrying={accounts.isFetching}
        />
      ) : accounts.isPending ? (
        <Loading />
      ) : (
        <div className="space-y-3">
          <h3 className="text-sm font-semibold text-slate-800">{texts.couriers.accounts}</h3>
          <ul className="space-y-2">
            {accounts.data.map((account) =>
              editing !== 'new' && editing?.id === account.id ? (
                <li key={account.id}>
                  <AccountForm
                    account={account}
                    onDone={(text) => {
                      setEditing(null);
                      if (text) setNotice({ tone: 'success', text });
                    }}
                  />
                </li>
              ) : (
                <AccountCard key={account.id} account={account} onEdit={() => setEditing(account)} />
              ),
            )}
          </ul>
          {editing === 'new' ? (
            <AccountForm
              account={null}
              onDone={(text) => {
                setEditing(null);
                if (text) setNotice({ tone: 'success', text });
              }}
            />
          ) : (
            <button
              type="button"
              className={`${buttonClass('secondary')} w-full sm:w-auto`}
              onClick={() => setEditing('new')}
            >
              {texts.couriers.add}
            </button>
          )}
          <RoutesEditor accounts={accounts.data} />
          <StrandedSetting />
        </div>
      )}
    </section>
  );
}

function AccountCard({ account, onEdit }: { account: CourierAccount; onEdit: () => void }) {
  const match = useMatchPlaces();
  const [places, setPlaces] = useState<PlacesResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const needed = COURIER_CREDENTIALS[account.kind].map((f) => f.key);
  const incomplete = needed.some((key) => !account.credentials_set.includes(key));
  return (
    <li className="rounded-md border border-slate-200 p-3 text-sm" data-testid={`courier-account-${account.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{account.name}</span>
        <span className="text-slate-600">{texts.courier.names[account.kind]}</span>
        {account.active ? null : <Pill tone="bg-slate-200 text-slate-700">{texts.couriers.off}</Pill>}
        {incomplete ? <Pill tone="bg-red-100 text-red-800">{texts.couriers.incomplete}</Pill> : null}
        {account.source === 'admin' ? (
          <button type="button" className={`${buttonClass('secondary', true)} ml-auto`} onClick={onEdit}>
            {texts.common.edit}
          </button>
        ) : null}
      </div>
      {account.source === 'env' ? <p className="mt-1 text-xs text-slate-600">{texts.couriers.envAccount}</p> : null}
      {account.host ? <p className="mt-1 text-xs break-all text-slate-600">{account.host}</p> : null}
      <p className="mt-1 text-xs text-slate-600">
        {texts.couriers.webhookAddress}:{' '}
        {account.webhook_path && account.webhook_secret_set ? (
          <code className="break-all">{`${window.location.origin}${account.webhook_path}`}</code>
        ) : (
          texts.couriers.noWebhook
        )}
      </p>
      {account.kind !== 'yalidine' ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={buttonClass('secondary', true)}
            disabled={match.isPending || !account.active}
            onClick={() => {
              setError(null);
              match.mutate(account.id, {
                onSuccess: setPlaces,
                onError: (e) => {
                  if (!sessionEnded(e)) setError(errorMessage(e, texts.couriers.placesFailed));
                },
              });
            }}
          >
            {match.isPending ? texts.couriers.matching : texts.couriers.places}
          </button>
          <span className="text-xs text-slate-600">
            {account.places_synced_at
              ? texts.couriers.matched(account.communes_matched, account.desks)
              : texts.couriers.placesNever}
          </span>
        </div>
      ) : null}
      {places && places.communes_unmatched > 0 ? (
        <p className="mt-1 text-xs text-amber-800">
          {texts.couriers.unmatched(places.communes_unmatched, places.unmatched_examples.slice(0, 5).join(', '))}
        </p>
      ) : null}
      {error ? <p className="mt-1 text-xs text-red-700">{error}</p> : null}
    </li>
  );
}

/** The tenant key of an Ecotrack host, or '' for one typed in. */
const tenantOf = (host: string) => ECOTRACK_TENANTS.find((t) => ecotrackHost(t.key) === host)?.key ?? '';

function AccountForm({ account, onDone }: { account: CourierAccount | null; onDone: (saved: string | null) => void }) {
  const save = useSaveCourierAccount();
  const [kind, setKind] = useState<CourierName>(account?.kind ?? 'ecotrack');
  const [name, setName] = useState(account?.name ?? '');
  const [tenant, setTenant] = useState(account ? tenantOf(account.host) : (ECOTRACK_TENANTS[0]?.key ?? ''));
  const [host, setHost] = useState(account?.host ?? '');
  const [division, setDivision] = useState(account?.division ?? DEFAULT_COURIER_DIVISION);
  const [fromWilaya, setFromWilaya] = useState(account?.from_wilaya ?? '');
  const [handOver, setHandOver] = useState<'manual' | 'on_send'>(account?.hand_over ?? 'manual');
  const [active, setActive] = useState(account?.active ?? true);
  const [credentials, setCredentials] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = account?.id ?? 'new';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const values: CourierAccountInput = {
      kind,
      name,
      division,
      host: kind === 'ecotrack' && tenant ? ecotrackHost(tenant) : host.trim(),
      from_wilaya: fromWilaya,
      hand_over: handOver,
      active,
      // Only what was typed: an empty field keeps what the account has.
      credentials: Object.fromEntries(Object.entries(credentials).filter(([, v]) => v.trim() !== '')),
      ...(secret ? { webhook_secret: secret } : {}),
      ...(account ? { version: account.updated_at } : {}),
    };
    save.mutate(
      { id: account?.id ?? null, values },
      {
        onSuccess: () => onDone(texts.couriers.saved),
        onError: (e) => {
          if (sessionEnded(e)) return;
          const errors =
            e instanceof ApiError ? (e.data as { errors?: { message: string }[] } | null)?.errors : undefined;
          setError(
            errors?.length ? errors.map((x) => x.message).join('; ') : errorMessage(e, texts.couriers.saveFailed),
          );
        },
      },
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      className="space-y-3 rounded-md border border-slate-300 bg-slate-50 p-3"
      aria-label={account ? texts.couriers.edit(account.name) : texts.couriers.add}
    >
      <h4 className="text-sm font-semibold">{account ? texts.couriers.edit(account.name) : texts.couriers.add}</h4>
      {error ? (
        <Banner tone="error" onClose={() => setError(null)}>
          {error}
        </Banner>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`courier-kind-${id}`} label={texts.couriers.kind}>
          <select
            id={`courier-kind-${id}`}
            className={inputClass}
            value={kind}
            onChange={(e) => setKind(e.target.value as CourierName)}
          >
            {COURIERS.map((k) => (
              <option key={k} value={k}>
                {texts.courier.names[k]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`courier-name-${id}`} label={texts.couriers.name}>
          <input
            id={`courier-name-${id}`}
            className={inputClass}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={60}
          />
        </Field>
        {kind === 'ecotrack' ? (
          <>
            <Field id={`courier-tenant-${id}`} label={texts.couriers.tenant}>
              <select
                id={`courier-tenant-${id}`}
                className={inputClass}
                value={tenant}
                onChange={(e) => setTenant(e.target.value)}
              >
                {ECOTRACK_TENANTS.map((t) => (
                  <option key={t.key} value={t.key}>
                    {t.name}
                  </option>
                ))}
                <option value="">{texts.couriers.otherTenant}</option>
              </select>
            </Field>
            {tenant === '' ? (
              <Field id={`courier-host-${id}`} label={texts.couriers.host} hint={texts.couriers.hostHint}>
                <input
                  id={`courier-host-${id}`}
                  className={inputClass}
                  value={host}
                  onChange={(e) => setHost(e.target.value)}
                  inputMode="url"
                  required
                />
              </Field>
            ) : null}
            <Field id={`courier-handover-${id}`} label={texts.couriers.handOver}>
              <select
                id={`courier-handover-${id}`}
                className={inputClass}
                value={handOver}
                onChange={(e) => setHandOver(e.target.value === 'on_send' ? 'on_send' : 'manual')}
              >
                <option value="manual">{texts.couriers.handOverModes.manual}</option>
                <option value="on_send">{texts.couriers.handOverModes.on_send}</option>
              </select>
            </Field>
          </>
        ) : (
          <Field id={`courier-host-${id}`} label={texts.couriers.apiUrl} hint={texts.couriers.apiUrlHint}>
            <input
              id={`courier-host-${id}`}
              className={inputClass}
              value={host}
              onChange={(e) => setHost(e.target.value)}
              inputMode="url"
            />
          </Field>
        )}
        <Field id={`courier-division-${id}`} label={texts.couriers.division}>
          <select
            id={`courier-division-${id}`}
            className={inputClass}
            value={division}
            onChange={(e) => setDivision(e.target.value)}
          >
            {DIVISION_IDS.map((d) => (
              <option key={d} value={d}>
                {texts.couriers.divisions[d] ?? d}
              </option>
            ))}
          </select>
        </Field>
        {kind === 'yalidine' ? (
          <Field id={`courier-from-${id}`} label={texts.couriers.fromWilaya}>
            <input
              id={`courier-from-${id}`}
              className={inputClass}
              value={fromWilaya}
              onChange={(e) => setFromWilaya(e.target.value)}
              maxLength={60}
            />
          </Field>
        ) : null}
        {COURIER_CREDENTIALS[kind].map((field) => {
          const set = account?.kind === kind && account.credentials_set.includes(field.key);
          return (
            <Field
              key={field.key}
              id={`courier-cred-${id}-${field.key}`}
              label={field.label}
              hint={set ? texts.couriers.credentialSet : texts.couriers.credentialMissing}
            >
              <input
                id={`courier-cred-${id}-${field.key}`}
                className={inputClass}
                type="password"
                autoComplete="off"
                value={credentials[field.key] ?? ''}
                onChange={(e) => setCredentials((c) => ({ ...c, [field.key]: e.target.value }))}
                required={!set}
              />
            </Field>
          );
        })}
        {kind !== 'noest' ? (
          <Field
            id={`courier-secret-${id}`}
            label={texts.couriers.webhookSecret}
            hint={texts.couriers.webhookSecretHint}
          >
            <input
              id={`courier-secret-${id}`}
              className={inputClass}
              type="password"
              autoComplete="off"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
            />
          </Field>
        ) : null}
      </div>
      {HAND_OVER_COURIERS.includes(kind) && kind === 'noest' ? (
        <p className="text-xs text-slate-600">{texts.courier.handOverHint}</p>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4" checked={active} onChange={(e) => setActive(e.target.checked)} />
        {texts.couriers.active}
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
          {save.isPending ? texts.common.saving : texts.common.save}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={() => onDone(null)}>
          {texts.common.cancel}
        </button>
      </div>
    </form>
  );
}

function RoutesEditor({ accounts }: { accounts: CourierAccount[] }) {
  const routes = useCourierRoutes();
  const wilayas = useRouteWilayas();
  const save = useSaveCourierRoutes();
  const [rows, setRows] = useState<CourierRoute[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  if (routes.isPending) return <Loading />;
  if (routes.isError) return <ErrorState message={texts.couriers.routesFailed} onRetry={() => void routes.refetch()} />;
  const current = rows ?? routes.data.routes;
  const active = accounts.filter((a) => a.active);
  const update = (i: number, change: Partial<CourierRoute>) =>
    setRows(current.map((r, j) => (j === i ? { ...r, ...change } : r)));

  return (
    <div className="space-y-2 border-t border-slate-200 pt-3" data-testid="courier-routes">
      <h3 className="text-sm font-semibold text-slate-800">{texts.couriers.routes}</h3>
      <p className="text-xs text-slate-600">{texts.couriers.routesIntro}</p>
      {notice ? (
        <Banner tone={notice.tone} onClose={() => setNotice(null)}>
          {notice.text}
        </Banner>
      ) : null}
      <ul className="space-y-2">
        {current.map((route, i) => (
          <li
            key={i}
            className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-4"
            data-testid="courier-route"
          >
            <label className="col-span-2 text-xs sm:col-span-1">
              <span className="mb-1 block font-medium text-slate-700">{texts.couriers.wilaya}</span>
              <select
                className={`${inputBase} w-full`}
                value={route.wilaya ?? ''}
                onChange={(e) => update(i, { wilaya: e.target.value || null })}
              >
                <option value="">{texts.couriers.everyOther}</option>
                {route.wilaya && !wilayas.data?.some((w) => w.wilaya_name === route.wilaya) ? (
                  <option value={route.wilaya}>{route.wilaya}</option>
                ) : null}
                {(wilayas.data ?? []).map((w) => (
                  <option key={w.wilaya_name} value={w.wilaya_name}>
                    {w.wilaya_code ? `${w.wilaya_code} - ` : ''}
                    {w.wilaya_name}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-xs">
              <span className="mb-1 block font-medium text-slate-700">{texts.couriers.deliveryType}</span>
              <select
                className={`${inputBase} w-full`}
                value={route.delivery_type}
                onChange={(e) => update(i, { delivery_type: e.target.value as CourierRoute['delivery_type'] })}
              >
                {ROUTE_DELIVERY_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {texts.couriers.deliveryTypes[t]}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-xs">
              <span className="mb-1 block font-medium text-slate-700">{texts.couriers.account}</span>
              <select
                className={`${inputBase} w-full`}
                value={route.account_id}
                onChange={(e) => update(i, { account_id: Number(e.target.value) })}
              >
                {accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className={`${buttonClass('outlineDanger', true)} col-span-2 self-end sm:col-span-1`}
              onClick={() => setRows(current.filter((_, j) => j !== i))}
            >
              {texts.couriers.removeRoute}
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={active.length === 0}
          onClick={() => setRows([...current, { wilaya: null, delivery_type: 'any', account_id: active[0]?.id ?? 0 }])}
        >
          {texts.couriers.addRoute}
        </button>
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={rows === null || save.isPending}
          onClick={() =>
            save.mutate(
              { routes: current, version: routes.data.version },
              {
                onSuccess: () => {
                  setRows(null);
                  setNotice({ tone: 'success', text: texts.couriers.routesSaved });
                },
                onError: (e) => {
                  if (sessionEnded(e)) return;
                  if (e instanceof ApiError && e.status === 409) setRows(null);
                  setNotice({
                    tone: 'error',
                    text:
                      e instanceof ApiError && e.status === 409
                        ? texts.couriers.routesChanged
                        : errorMessage(e, texts.couriers.routesFailed),
                  });
                },
              },
            )
          }
        >
          {save.isPending ? texts.common.saving : texts.common.save}
        </button>
      </div>
    </div>
  );
}

function StrandedSetting() {
  const settings = useCourierSettings();
  const save = useSaveCourierSettings();
  const [days, setDays] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  if (!settings.data) return null;
  const value = days ?? String(settings.data.stranded_days);
  return (
    <form
      className="space-y-2 border-t border-slate-200 pt-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { stranded_days: Number(value) },
          {
            onSuccess: () => {
              setDays(null);
              setNotice({ tone: 'success', text: texts.couriers.settingsSaved });
            },
            onError: (error) => {
              if (!sessionEnded(error))
                setNotice({ tone: 'error', text: errorMessage(error, texts.couriers.settingsFailed) });
            },
          },
        );
      }}
    >
      <h3 className="text-sm font-semibold text-slate-800">{texts.couriers.stranded}</h3>
      {notice ? (
        <Banner tone={notice.tone} onClose={() => setNotice(null)}>
          {notice.text}
        </Banner>
      ) : null}
      <Field id="stranded-days" label={texts.couriers.strandedDays} hint={texts.couriers.strandedHint}>
        <input
          id="stranded-days"
          className={`${inputClass} max-w-[8rem]`}
          inputMode="numeric"
          value={value}
          onChange={(e) => setDays(e.target.value)}
        />
      </Field>
      <button type="submit" className={buttonClass('primary')} disabled={save.isPending || days === null}>
        {save.isPending ? texts.common.saving : texts.common.save}
      </button>
    </form>
  );
}
