// The link to the same page in the other language, in the nav and the side menu. It is
// a real link (crawlers and a new tab get the other address); a click switches in place: the
// Arabic catalogue is fetched, the address changes and the app draws again in that language.
import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { activateLanguage, pathIn, rememberLanguage, type Language } from '../i18n/i18n.ts';
import { useLanguage } from '../i18n/use-language.ts';

const NAMES: Record<Language, string> = { fr: 'Français', ar: 'العربية' };
/** On a phone's crowded nav bar, the short form. */
const SHORT_NAMES: Record<Language, string> = { fr: 'FR', ar: 'عربي' };

/** Switches the storefront to `lang` on the page at `target`; the choice is remembered. */
export async function switchLanguage(lang: Language, target: string): Promise<void> {
  rememberLanguage(lang);
  window.history.pushState(null, '', target);
  await activateLanguage(lang);
}

export function LanguageSwitch({
  className = '',
  compact = false,
  onSwitch,
}: {
  className?: string;
  /** The nav bar's: the short name on a phone. */
  compact?: boolean;
  onSwitch?: () => void;
}) {
  const lang = useLanguage();
  const { pathname, search, hash } = useLocation();
  const other: Language = lang === 'ar' ? 'fr' : 'ar';
  // The router's pathname is the page without its /ar prefix.
  const target = `${pathIn(pathname, other)}${search}${hash}`;
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onSwitch?.();
    void switchLanguage(other, target);
  }
  return (
    <a
      href={target}
      hrefLang={other}
      lang={other}
      dir={other === 'ar' ? 'rtl' : 'ltr'}
      onClick={onClick}
      className={`rounded-full border border-neutral-300 px-3 py-1.5 text-sm font-medium hover:bg-neutral-100 ${className}`}
      data-testid="language-switch"
    >
      {compact && (
        <span className="sm:hidden" aria-hidden="true">
          {SHORT_NAMES[other]}
        </span>
      )}
      <span className={compact ? 'max-sm:sr-only' : ''}>{NAMES[other]}</span>
    </a>
  );
}
