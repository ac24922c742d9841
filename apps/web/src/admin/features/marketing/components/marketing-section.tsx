// The owner's ad platforms (docs/marketing.md): per platform the pixel id, the access token
// (write-only: the form shows whether one is set, never it), the test event code and the stage
// that counts as a purchase; a test event; the server events log.
import { useState } from 'react';
import {
  AD_PLATFORMS,
  AD_PLATFORM_LABELS,
  PURCHASE_STAGES,
  type AdPlatform,
  type MarketingSettingsInput,
  type MarketingSettingsRead,
  type PurchaseStage,
} from '@shop/domain/marketing';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { Banner, ErrorState, Field, Loading, buttonClass, inputClass } from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { useMarketingSettings } from '../api/get-marketing-settings.ts';
import { useSaveMarketingSettings } from '../api/save-marketing-settings.ts';
import { useSendTestEvent } from '../api/send-test-event.ts';
import { AdEventsList } from './ad-events-list.tsx';

const boxClass = 'max-w-xl rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5';

export function MarketingSection() {
  const settings = useMarketingSettings();
  return (
    <section aria-labelledby="marketing-title" className={boxClass}>
      <h2 id="marketing-title" className="text-base font-semibold text-slate-900">
        {texts.marketing.title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{texts.marketing.intro}</p>
      {settings.isError ? (
        <ErrorState
          message={texts.marketing.fetchFailed}
          retrying={settings.isFetching}
          onRetry={() => void settings.refetch()}
        />
      ) : settings.isPending ? (
        <Loading />
      ) : (
        <MarketingForm saved={settings.data} />
      )}
    </section>
  );
}

interface PlatformDraft {
  pixel_id: string;
  /** What was typed; empty keeps the saved token. */
  token: string;
  removeToken: boolean;
  test_event_code: string;
  purchase_stage: PurchaseStage;
}

function draftOf(saved: MarketingSettingsRead): Record<AdPlatform, PlatformDraft> {
  const of = (p: AdPlatform): PlatformDraft => ({
    pixel_id: saved[p].pixel_id,
    token: '',
    removeToken: false,
    test_event_code: saved[p].test_event_code,
    purchase_stage: saved[p].purchase_stage,
  });
  return { meta: of('meta'), tiktok: of('tiktok') };
}

function MarketingForm({ saved }: { saved: MarketingSettingsRead }) {
  const save = useSaveMarketingSettings();
  const [draft, setDraft] = useState(() => draftOf(saved));
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const change = (platform: AdPlatform, values: Partial<PlatformDraft>) =>
    setDraft((d) => ({ ...d, [platform]: { ...d[platform], ...values } }));

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setMessage(null);
    const input = (p: AdPlatform) => {
      const d = draft[p];
      const token = d.removeToken ? '' : d.token.trim();
      return {
        pixel_id: d.pixel_id,
        test_event_code: d.test_event_code,
        purchase_stage: d.purchase_stage,
        ...(d.removeToken || token ? { access_token: token } : {}),
      };
    };
    const values: MarketingSettingsInput = { meta: input('meta'), tiktok: input('tiktok') };
    try {
      const next = await save.mutateAsync(values);
      setDraft(draftOf(next));
      setMessage({ tone: 'success', text: texts.marketing.saved });
    } catch (error) {
      if (!sessionEnded(error)) setMessage({ tone: 'error', text: errorMessage(error, texts.marketing.saveFailed) });
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="marketing-title" className="space-y-6">
      {message ? (
        <Banner tone={message.tone} onClose={() => setMessage(null)}>
          {message.text}
        </Banner>
      ) : null}
      {AD_PLATFORMS.map((platform) => (
        <PlatformFields
          key={platform}
          platform={platform}
          draft={draft[platform]}
          tokenSet={saved[platform].access_token_set}
          serverEvents={saved[platform].server_events}
          onChange={(values) => change(platform, values)}
        />
      ))}
      <div className="flex justify-end">
        <button type="submit" className={`${buttonClass('primary')} w-full sm:w-auto`} disabled={save.isPending}>
          {save.isPending ? texts.common.saving : texts.common.save}
        </button>
      </div>
    </form>
  );
}

function PlatformFields({
  platform,
  draft,
  tokenSet,
  serverEvents,
  onChange,
}: {
  platform: AdPlatform;
  draft: PlatformDraft;
  tokenSet: boolean;
  serverEvents: boolean;
  onChange: (values: Partial<PlatformDraft>) => void;
}) {
  const label = AD_PLATFORM_LABELS[platform];
  const id = (field: string) => `marketing-${platform}-${field}`;
  return (
    <fieldset className="space-y-3 border-t border-slate-200 pt-4 first-of-type:border-t-0 first-of-type:pt-0">
      <legend className="text-sm font-semibold text-slate-900">{label}</legend>
      <Field id={id('pixel')} label={texts.marketing.pixelId(label)}>
        <input
          id={id('pixel')}
          className={inputClass}
          autoComplete="off"
          value={draft.pixel_id}
          onChange={(e) => onChange({ pixel_id: e.target.value })}
        />
      </Field>
      <Field
        id={id('token')}
        label={`${texts.marketing.accessToken} (${tokenSet ? texts.marketing.tokenSet : texts.marketing.tokenNotSet})`}
        hint={texts.marketing.tokenHint}
      >
        <input
          id={id('token')}
          type="password"
          className={inputClass}
          autoComplete="new-password"
          value={draft.token}
          disabled={draft.removeToken}
          onChange={(e) => onChange({ token: e.target.value })}
        />
      </Field>
      {tokenSet ? (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={draft.removeToken}
            onChange={(e) => onChange({ removeToken: e.target.checked })}
          />
          {texts.marketing.removeToken}
        </label>
      ) : null}
      <Field id={id('test')} label={texts.marketing.testEventCode} hint={texts.marketing.testEventCodeHint}>
        <input
          id={id('test')}
          className={inputClass}
          autoComplete="off"
          value={draft.test_event_code}
          onChange={(e) => onChange({ test_event_code: e.target.value })}
        />
      </Field>
      <fieldset className="space-y-1">
        <legend className="mb-1 text-xs font-medium text-slate-700">{texts.marketing.stage}</legend>
        {PURCHASE_STAGES.map((stage) => (
          <label key={stage} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={id('stage')}
              className="h-4 w-4"
              checked={draft.purchase_stage === stage}
              onChange={() => onChange({ purchase_stage: stage })}
            />
            {texts.marketing.stages[stage]}
          </label>
        ))}
      </fieldset>
      {serverEvents ? <TestEventButton platform={platform} /> : null}
      {serverEvents ? <AdEventsList filter={{ platform }} title={`${texts.marketing.eventsTitle}: ${label}`} /> : null}
    </fieldset>
  );
}

function TestEventButton({ platform }: { platform: AdPlatform }) {
  const send = useSendTestEvent();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  async function onClick() {
    setMessage(null);
    try {
      const { result, message: said } = await send.mutateAsync(platform);
      setMessage({ tone: result.ok ? 'success' : 'error', text: result.ok ? said : `${said}: ${result.message}` });
    } catch (error) {
      if (!sessionEnded(error)) setMessage({ tone: 'error', text: errorMessage(error, texts.marketing.testFailed) });
    }
  }
  return (
    <div className="space-y-2">
      {message ? (
        <Banner tone={message.tone} onClose={() => setMessage(null)}>
          {message.text}
        </Banner>
      ) : null}
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={send.isPending}
        onClick={() => void onClick()}
      >
        {send.isPending ? texts.marketing.sendingTest : texts.marketing.sendTest}
      </button>
    </div>
  );
}
