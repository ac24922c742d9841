// What the owner was typing when the session ended comes back after signing in again:
// every open admin form registers a snapshot of its values; on a 401 the snapshots are written to
// sessionStorage, and after login the page reopens the form with them, then forgets them.
import { useEffect, useRef, useState } from 'react';

const STORAGE_KEY = 'adminFormDrafts';
/** A draft older than this is not brought back: the owner has moved on. */
export const FORM_DRAFT_MAX_AGE_MS = 60 * 60 * 1000;

export interface FormDraft<T = unknown> {
  /** Which form: 'product', 'coupon', … */
  form: string;
  /** 'new', or the id of the record being edited. */
  target: string;
  values: T;
  /** Chosen files cannot be kept: the form asks for them again. */
  filesLost?: boolean;
  savedAt: number;
}

type Snapshot = () => Omit<FormDraft, 'savedAt'>;

const openForms = new Set<Snapshot>();

function readAll(): Record<string, FormDraft> {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, FormDraft>) : {};
  } catch {
    return {};
  }
}

function writeAll(drafts: Record<string, FormDraft>) {
  try {
    if (Object.keys(drafts).length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(drafts));
  } catch {
    // Storage full or refused: the values are lost, as they were before.
  }
}

/** Called when the session ends: keeps the values of every open form. */
export function keepOpenFormDrafts(): void {
  if (openForms.size === 0) return;
  const drafts = readAll();
  const savedAt = Date.now();
  for (const snapshot of openForms) {
    const draft = snapshot();
    drafts[draft.form] = { ...draft, savedAt };
  }
  writeAll(drafts);
}

/** The kept draft of a form, if it is recent. */
export function readFormDraft<T>(form: string): FormDraft<T> | null {
  const draft = readAll()[form];
  if (!draft || typeof draft.target !== 'string' || Date.now() - draft.savedAt > FORM_DRAFT_MAX_AGE_MS) return null;
  return draft as FormDraft<T>;
}

export function clearFormDraft(form: string): void {
  const drafts = readAll();
  if (!(form in drafts)) return;
  delete drafts[form];
  writeAll(drafts);
}

/** Logout: nothing typed before is brought back. */
export function clearAllFormDrafts(): void {
  writeAll({});
}

/**
 * The draft kept last time for this form and record (`target`), read once when the form opens:
 * its default values. It is then forgotten.
 */
export function useRestoredFormDraft<T>(form: string, target: string): FormDraft<T> | null {
  const [restored] = useState(() => {
    const draft = readFormDraft<T>(form);
    return draft?.target === target ? draft : null;
  });
  useEffect(() => {
    if (restored) clearFormDraft(form);
  }, [form, restored]);
  return restored;
}

/** While a form (a modal or a page) is mounted, its values are kept if the session ends. */
export function useKeepFormDraft<T>(
  form: string,
  target: string,
  snapshot: () => { values: T; filesLost?: boolean },
): void {
  const latest = useRef(snapshot);
  useEffect(() => {
    latest.current = snapshot;
  });
  useEffect(() => {
    const take: Snapshot = () => ({ form, target, ...latest.current() });
    openForms.add(take);
    return () => {
      openForms.delete(take);
    };
  }, [form, target]);
}

/**
 * For a page holding a form modal: once the page can open it (`ready`), reopens the modal whose
 * values were kept when the session ended (`reopen` gets 'new' or the record's id).
 */
export function useReopenFormDraft(form: string, ready: boolean, reopen: (target: string) => void): void {
  const done = useRef(false);
  const latest = useRef(reopen);
  useEffect(() => {
    latest.current = reopen;
  });
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    const draft = readFormDraft(form);
    if (draft) latest.current(draft.target);
  }, [form, ready]);
}
