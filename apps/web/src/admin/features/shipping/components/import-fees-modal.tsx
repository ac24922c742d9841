// Making the shop's fees match the courier's: Yalidine's grid fetched (in as many calls
// as its quota needs, each naming the wilayas left) or a CSV file read, then every wilaya whose fees
// would change shown old → new, and applied together on confirmation. A file with bad lines lists
// them and changes nothing.
import { useEffect, useRef, useState } from 'react';
import { formatDa } from '@shop/domain/money';
import type { FeeGridLineError, FeeGridPreview } from '@shop/domain/shipping-responses';
import { ApiError } from '../../../../lib/api.ts';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { Modal } from '../../../components/modal.tsx';
import { Banner, buttonClass } from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { previewCsvFees, previewYalidineFees, useApplyFeeGrid } from '../api/import-fees.ts';
import { readCsvFile } from '../api/read-csv-file.ts';

const t = texts.shipping.importFees;

export type ImportSource = { kind: 'yalidine' } | { kind: 'csv'; file: File };

/** The lines of a refused file, when the server named them. */
function lineErrors(error: unknown): FeeGridLineError[] {
  if (!(error instanceof ApiError)) return [];
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors)
    ? (errors as Partial<FeeGridLineError>[]).flatMap((e) =>
        typeof e.line === 'number' && typeof e.message === 'string' ? [{ line: e.line, message: e.message }] : [],
      )
    : [];
}

/** Yalidine's grid, call after call while wilayas remain; progress told as it goes. */
async function fetchYalidine(onProgress: (done: number, total: number | null) => void): Promise<FeeGridPreview> {
  let preview = await previewYalidineFees();
  let total = preview.rows.length + preview.skipped.length + preview.remaining.length;
  onProgress(total - preview.remaining.length, total);
  while (preview.remaining.length > 0) {
    const next = await previewYalidineFees(preview.remaining);
    if (next.remaining.length === preview.remaining.length && next.rows.length + next.skipped.length === 0) {
      throw new Error(t.quotaStuck);
    }
    preview = {
      rows: [...preview.rows, ...next.rows],
      skipped: [...preview.skipped, ...next.skipped],
      remaining: next.remaining,
    };
    total = preview.rows.length + preview.skipped.length + preview.remaining.length;
    onProgress(total - preview.remaining.length, total);
  }
  return preview;
}

function Fee({ value }: { value: number | null }) {
  return <>{value === null ? t.none : formatDa(value)}</>;
}

function Change({ label, change }: { label: string; change: { old: number | null; new: number | null } }) {
  const same = change.old === change.new;
  return (
    <p className="flex flex-wrap items-baseline gap-x-1.5 text-sm tabular-nums">
      <span className="text-slate-600">{label}</span>
      {same ? (
        <Fee value={change.new} />
      ) : (
        <>
          <span className="text-slate-500 line-through">
            <Fee value={change.old} />
          </span>
          <span aria-hidden="true">→</span>
          <span className="sr-only">{t.becomes}</span>
          <span className="font-semibold text-slate-900">
            <Fee value={change.new} />
          </span>
        </>
      )}
    </p>
  );
}

export function ImportFeesModal({
  source,
  onClose,
  onDone,
}: {
  source: ImportSource;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const apply = useApplyFeeGrid();
  const [preview, setPreview] = useState<FeeGridPreview | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number | null }>({ done: 0, total: null });
  const [failure, setFailure] = useState<string | null>(null);
  const [badLines, setBadLines] = useState<FeeGridLineError[]>([]);
  const [showAll, setShowAll] = useState(false);
  const [fromWindows1252, setFromWindows1252] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // Once per opening (React's development double effect included): each call spends quota.
    if (started.current) return;
    started.current = true;
    const load =
      source.kind === 'yalidine'
        ? fetchYalidine((done, total) => setProgress({ done, total }))
        : readCsvFile(source.file).then((read) => {
            setFromWindows1252(read.fromWindows1252);
            return previewCsvFees(read.text);
          });
    load.then(setPreview).catch((error: unknown) => {
      if (sessionEnded(error)) return;
      const lines = lineErrors(error);
      setBadLines(lines);
      // The bad lines say it all; another error says what went wrong.
      setFailure(
        lines.length > 0 ? null : errorMessage(error, source.kind === 'yalidine' ? t.yalidineFailed : t.fileFailed),
      );
    });
  }, [source]);

  const changes = preview?.rows.filter((r) => r.changed) ?? [];
  const shown = showAll ? (preview?.rows ?? []) : changes;

  async function confirm() {
    setFailure(null);
    try {
      const message = await apply.mutateAsync(
        changes.map((r) => ({
          wilaya_code: r.wilaya_code,
          price: r.price.new ?? 0,
          stop_desk_price: r.stop_desk_price.new,
          // The communes priced apart, when the grid prices them (they replace the wilaya's).
          ...(r.communes ? { communes: r.communes } : {}),
        })),
      );
      onDone(message);
    } catch (error) {
      if (!sessionEnded(error)) setFailure(errorMessage(error, t.applyFailed));
    }
  }

  const title = source.kind === 'yalidine' ? t.yalidineTitle : t.fileTitle(source.file.name);
  return (
    <Modal
      title={title}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            {texts.common.cancel}
          </button>
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={!preview || changes.length === 0 || apply.isPending}
            onClick={() => void confirm()}
          >
            {apply.isPending ? t.applying : t.apply(changes.length)}
          </button>
        </>
      }
    >
      <div className="space-y-3" data-testid="import-fees">
        {failure ? <Banner tone="error">{failure}</Banner> : null}
        {fromWindows1252 ? <Banner tone="info">{t.notUtf8}</Banner> : null}
        {badLines.length > 0 ? (
          <div>
            <p className="mb-1 text-sm font-medium text-slate-900">{t.badLinesTitle}</p>
            <ul className="space-y-1 text-sm text-red-800" data-testid="bad-lines">
              {badLines.map((e) => (
                <li key={`${e.line}-${e.message}`}>
                  <span className="font-semibold tabular-nums">{t.line(e.line)}</span> {e.message}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-xs text-slate-600">{t.fileHelp}</p>
          </div>
        ) : null}
        {!preview && !failure && badLines.length === 0 ? (
          <p role="status" className="py-6 text-center text-sm text-slate-600">
            {source.kind === 'yalidine' ? t.fetching(progress.done, progress.total) : t.reading}
          </p>
        ) : null}
        {preview ? (
          <>
            <p role="status" className="text-sm text-slate-700">
              {t.summary(changes.length, preview.rows.length - changes.length)}
              {source.kind === 'yalidine' ? ` ${t.fromWilaya}` : ''}
            </p>
            {preview.rows.length > changes.length ? (
              <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-slate-900"
                  checked={showAll}
                  onChange={(e) => setShowAll(e.target.checked)}
                />
                {t.showAll}
              </label>
            ) : null}
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={t.listLabel}>
              {shown.map((row) => (
                <li key={row.wilaya_code} className="px-3 py-2" data-testid={`fee-change-${row.wilaya_code}`}>
                  <p className="font-medium text-slate-900">
                    <span className="mr-1.5 text-xs text-slate-500 tabular-nums">{row.wilaya_code}</span>
                    {row.wilaya_name}
                    {row.changed ? null : <span className="ml-2 text-xs text-slate-500">{t.unchanged}</span>}
                  </p>
                  <Change label={t.home} change={row.price} />
                  <Change label={t.stopDesk} change={row.stop_desk_price} />
                  {row.communes ? (
                    <p className="text-sm text-slate-700">
                      {t.communes(row.communes_before, row.communes.length)}
                      {row.communes.length > 0 ? `: ${row.communes.map((c) => c.name).join(', ')}` : ''}
                    </p>
                  ) : null}
                  {row.note ? <p className="text-xs text-slate-600">{row.note}</p> : null}
                </li>
              ))}
              {shown.length === 0 ? <li className="px-3 py-4 text-sm text-slate-600">{t.nothingToChange}</li> : null}
            </ul>
            {preview.skipped.length > 0 ? (
              <div className="text-sm">
                <p className="font-medium text-slate-900">{t.skippedTitle}</p>
                <ul className="list-disc pl-5 text-slate-700">
                  {preview.skipped.map((s) => (
                    <li key={s.wilaya_code}>
                      {s.wilaya_name}: {s.reason}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </Modal>
  );
}
