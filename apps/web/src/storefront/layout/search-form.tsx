import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { t } from '../i18n/i18n.ts';

/** The product search of the nav: /Shop/{search} (DESIGN §3.9), the whole shop when empty. */
export function SearchForm({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  // On /Shop/{search} the box shows what was searched.
  const current = /^\/Shop\/([^/]+)$/.exec(useLocation().pathname)?.[1];
  const [shown, setShown] = useState(current);
  const [query, setQuery] = useState(current ? decode(current) : '');
  if (shown !== current) {
    setShown(current);
    setQuery(current ? decode(current) : '');
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = query.trim();
    void navigate(wanted ? paths.shopSearch(wanted) : paths.shop);
  }

  return (
    <form role="search" onSubmit={submit} className={`relative ${className}`}>
      <input
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        aria-label={t('nav.search')}
        placeholder={t('nav.searchPlaceholder')}
        enterKeyHint="search"
        maxLength={100}
        className="h-10 w-full rounded-full bg-[#f0f0f0] pe-11 ps-4 text-base placeholder:text-neutral-600"
      />
      <button
        type="submit"
        aria-label={t('nav.searchSubmit')}
        className="absolute top-0 end-0 flex h-10 w-10 items-center justify-center rounded-full text-neutral-700"
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
