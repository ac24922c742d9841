import { currentLanguage, isolated, localized } from './i18n.ts';

/**
 * A catalogue text (a product's name, a review) in the page's language. On the Arabic storefront,
 * a text the owner gave only in French is set apart from the right-to-left text around it
 * (<bdi lang="fr">): its full stop, brackets and numbers stay where French puts them.
 */
export function CatalogText({ fr, ar }: { fr: string; ar?: string | null }) {
  if (currentLanguage() !== 'ar' || ar) return <>{localized(fr, ar)}</>;
  return <bdi lang="fr">{fr}</bdi>;
}

/** The same as a string (inside a message, a title): a French fallback in Arabic set apart (FSI … PDI). */
export function catalogText(fr: string, ar?: string | null): string {
  return currentLanguage() === 'ar' && !ar ? isolated(fr) : localized(fr, ar);
}
