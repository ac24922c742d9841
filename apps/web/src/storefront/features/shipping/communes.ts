// How a commune is named on the storefront: in Arabic on /ar (its French name when the data has
// no Arabic one), in French otherwise. Orders keep the French name; the Arabic pages name it by
// finding it in its wilaya's communes (GET /api/commune, fetched only there).
import { findCommune } from '@shop/domain/geo/communes';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { useCommunes, type Commune } from '../../../lib/communes.ts';

/** The commune's name in the page's language. */
export function communeLabel(commune: Pick<Commune, 'name' | 'name_ar'>): string {
  return currentLanguage() === 'ar' && commune.name_ar ? commune.name_ar : commune.name;
}

/** A commune named as an order keeps it, said in the page's language (Arabic on /ar when known). */
export function useCommuneName(wilaya: string, name: string | null | undefined): string {
  const arabic = useLanguage() === 'ar';
  const communes = useCommunes(arabic && name ? wilaya : '').data;
  if (!name) return '';
  if (!arabic || !communes) return name;
  const commune = findCommune(communes, name);
  return commune?.name_ar || name;
}
