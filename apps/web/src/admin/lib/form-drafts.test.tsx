import { afterEach, describe, expect, test, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import {
  FORM_DRAFT_MAX_AGE_MS,
  clearAllFormDrafts,
  keepOpenFormDrafts,
  readFormDraft,
  useKeepFormDraft,
  useRestoredFormDraft,
} from './form-drafts.ts';

afterEach(() => {
  vi.useRealTimers();
});

function Form({ target, value }: { target: string; value: string }) {
  const draft = useRestoredFormDraft<{ name: string }>('thing', target);
  useKeepFormDraft('thing', target, () => ({ values: { name: value } }));
  return <p>{draft ? `restored ${draft.values.name}` : 'fresh'}</p>;
}

describe('form drafts', () => {
  test('an open form is kept when the session ends, restored once for the same record', () => {
    const first = render(<Form target="7" value="Scarf" />);
    keepOpenFormDrafts();
    first.unmount();
    expect(readFormDraft('thing')).toMatchObject({ target: '7', values: { name: 'Scarf' } });

    // Another record of the same form does not take it.
    const other = render(<Form target="8" value="" />);
    expect(screen.getByText('fresh')).toBeInTheDocument();
    other.unmount();

    render(<Form target="7" value="" />);
    expect(screen.getByText('restored Scarf')).toBeInTheDocument();
    expect(readFormDraft('thing')).toBeNull();
  });

  test('nothing is kept when no form is open, and a draft an hour old is not brought back', () => {
    keepOpenFormDrafts();
    expect(sessionStorage.length).toBe(0);
    vi.useFakeTimers();
    const form = render(<Form target="new" value="Old" />);
    keepOpenFormDrafts();
    form.unmount();
    vi.advanceTimersByTime(FORM_DRAFT_MAX_AGE_MS + 1);
    expect(readFormDraft('thing')).toBeNull();
  });

  test('logout forgets every draft', () => {
    const form = render(<Form target="new" value="Gone" />);
    keepOpenFormDrafts();
    form.unmount();
    clearAllFormDrafts();
    expect(readFormDraft('thing')).toBeNull();
  });
});
