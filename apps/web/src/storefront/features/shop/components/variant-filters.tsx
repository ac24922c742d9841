// The shop's colour and size filters (issue 30): the colours and sizes of the products the other
// filters select, each with how many products have it; one colour and one size at a time.
import { isSize } from '@shop/domain/sizes';
import { localized, sizeLabel, t } from '../../../i18n/i18n.ts';
import type { ColorFacet, SizeFacet } from '../../products/api/get-facets.ts';

const CHIP = 'flex min-h-11 items-center gap-2 rounded-full border px-3 py-2 text-sm focus-visible:outline-offset-2';

function chipState(selected: boolean): string {
  return selected
    ? 'border-black bg-black text-white'
    : 'border-neutral-300 bg-white text-neutral-800 hover:border-neutral-500';
}

export function ColorFilter({
  facets,
  selected,
  onSelect,
}: {
  facets: readonly ColorFacet[];
  selected: string | undefined;
  onSelect: (slug: string | undefined) => void;
}) {
  return (
    <fieldset className="mt-5 border-t border-neutral-200 pt-4">
      <legend className="float-left mb-3 w-full font-bold">{t('shop.color')}</legend>
      <ul className="clear-both flex flex-wrap gap-2">
        {facets.map((facet) => {
          const isSelected = selected === facet.slug;
          const name = localized(facet.name, facet.name_ar);
          return (
            <li key={facet.slug}>
              <button
                type="button"
                aria-pressed={isSelected}
                onClick={() => onSelect(isSelected ? undefined : facet.slug)}
                className={`${CHIP} ${chipState(isSelected)}`}
              >
                <span
                  aria-hidden="true"
                  className={`block h-5 w-5 shrink-0 rounded-full border ${isSelected ? 'border-white' : 'border-black/15'}`}
                  style={{ backgroundColor: facet.swatch }}
                />
                <FacetText name={name} count={facet.count} selected={isSelected} />
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * A chip's name and how many products have it: "Rouge (4)" to a screen reader, the count set apart
 * in grey on screen (a size named "متوسط (M)" would otherwise end in two brackets).
 */
function FacetText({ name, count, selected }: { name: string; count: number; selected: boolean }) {
  return (
    <>
      <span className="sr-only">{t('shop.facetCount', { name, n: count })}</span>
      <span aria-hidden="true">{name}</span>
      <span aria-hidden="true" className={`text-xs ${selected ? 'text-neutral-300' : 'text-neutral-500'}`}>
        {count}
      </span>
    </>
  );
}

/** A size as the filter says it: letters as the product page does ("Medium"), others as the server labels them. */
function facetLabel(facet: SizeFacet): string {
  if (isSize(facet.size)) return sizeLabel(facet.size);
  return localized(facet.label || facet.size, facet.label_ar);
}

export function SizeFilter({
  facets,
  selected,
  onSelect,
}: {
  facets: readonly SizeFacet[];
  selected: string | undefined;
  onSelect: (size: string | undefined) => void;
}) {
  return (
    <fieldset className="mt-5 border-t border-neutral-200 pt-4">
      <legend className="float-left mb-3 w-full font-bold">{t('shop.size')}</legend>
      <ul className="clear-both flex flex-wrap gap-2">
        {facets.map((facet) => {
          const isSelected = selected === facet.size;
          return (
            <li key={facet.size}>
              <button
                type="button"
                aria-pressed={isSelected}
                onClick={() => onSelect(isSelected ? undefined : facet.size)}
                className={`${CHIP} ${chipState(isSelected)}`}
              >
                <FacetText name={facetLabel(facet)} count={facet.count} selected={isSelected} />
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
