import { useId, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { SHOP_FIRST_SCREEN_CARDS, SHOP_PRELOADED_CARDS } from '@shop/domain/constants';
import { paths } from '../../../../lib/paths.ts';
import { Breadcrumb } from '../../../layout/breadcrumb.tsx';
import { listSeparator, t } from '../../../i18n/i18n.ts';
import { useProductTypes } from '../../products/api/get-product-types.ts';
import { useProducts } from '../../products/api/get-products.ts';
import { useSuggestions } from '../../products/api/get-suggestions.ts';
import { CatalogText, catalogText } from '../../../i18n/catalog-text.tsx';
import { Link } from 'react-router';
import { ProductCard } from '../../products/components/product-card.tsx';
import {
  hasFilters,
  readShopParams,
  withColor,
  withoutFilters,
  withPrice,
  withSize,
  withType,
  writeShopParams,
  type ShopParams,
} from '../shop-params.ts';
import { useFacets } from '../../products/api/get-facets.ts';
import { ColorFilter, SizeFilter } from './variant-filters.tsx';
import { Pagination } from './pagination.tsx';
import { PriceSlider } from './price-slider.tsx';

function wideScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(min-width: 768px)').matches
    : true;
}

export function ShopPage() {
  const { search } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readShopParams(searchParams);
  const [filtersOpen, setFiltersOpen] = useState(wideScreen);
  const panelId = useId();

  const types = useProductTypes();
  const products = useProducts({
    page: params.page,
    type: params.type,
    min: params.min,
    max: params.max,
    q: search,
    color: params.color,
    size: params.size,
  });
  const facets = useFacets({
    type: params.type,
    min: params.min,
    max: params.max,
    q: search,
    color: params.color,
    size: params.size,
  });
  const colorFacets = facets.data?.colors ?? [];
  const sizeFacets = facets.data?.sizes ?? [];

  function update(next: ShopParams) {
    setSearchParams(writeShopParams(next));
  }

  /**
   * A filter applied on a phone: the panel above the results closes and the results come into
   * view (they started 700 px down, under the open panel). Beside the list (wide screens) it stays.
   */
  function applyFilter(next: ShopParams) {
    update(next);
    if (wideScreen()) return;
    setFiltersOpen(false);
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    requestAnimationFrame(() =>
      document
        .getElementById('shop-title')
        ?.scrollIntoView?.({ block: 'start', behavior: reduced ? 'auto' : 'smooth' }),
    );
  }

  let heading: string = t('shop.all');
  if (params.type !== undefined) {
    const type = types.data?.find((tp) => tp.id === params.type);
    heading = type ? catalogText(type.name, type.name_ar) : types.isPending ? '' : t('shop.unknownType');
  }

  const list = products.data?.data ?? [];
  const totalPages = products.data?.pagination.total_pages ?? 0;

  return (
    <div className="mx-auto max-w-7xl px-4 pb-12">
      <Breadcrumb items={[{ label: t('shop.breadcrumb'), to: paths.shop }]} />
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <aside className="rounded-2xl border border-neutral-200 p-5 md:sticky md:top-20 md:w-72 md:shrink-0">
          <button
            type="button"
            className="flex w-full items-center justify-between rounded text-xl font-bold"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((v) => !v)}
          >
            {t('shop.filters')}
            <svg
              width="20"
              height="20"
              viewBox="0 0 24 24"
              aria-hidden="true"
              className={`transition-transform ${filtersOpen ? 'rotate-180' : ''}`}
            >
              <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </button>
          <div id={panelId} hidden={!filtersOpen} className="mt-4">
            <fieldset className="border-t border-neutral-200 pt-4">
              <legend className="float-left mb-3 w-full font-bold">{t('shop.type')}</legend>
              {types.isError ? (
                <p role="alert" className="clear-both text-sm text-red-700">
                  {t('shop.typesError')}{' '}
                  <button type="button" onClick={() => void types.refetch()} className="font-medium underline">
                    {t('shop.retry')}
                  </button>
                </p>
              ) : (
                <ul className="clear-both flex flex-col gap-2">
                  {(types.data ?? []).map((type) => (
                    <li key={type.id}>
                      <label className="flex cursor-pointer items-center gap-3 text-neutral-700">
                        <input
                          type="checkbox"
                          className="h-4 w-4 accent-black"
                          checked={params.type === type.id}
                          onChange={(e) => update(withType(params, e.target.checked ? type.id : undefined))}
                        />
                        <CatalogText fr={type.name} ar={type.name_ar} />
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
            <fieldset className="mt-5 border-t border-neutral-200 pt-4">
              <legend className="float-left mb-3 w-full font-bold">{t('shop.price')}</legend>
              <div className="clear-both">
                <PriceSlider
                  key={`${params.min}-${params.max}`}
                  min={params.min}
                  max={params.max}
                  onApply={(min, max) => applyFilter(withPrice(params, min, max))}
                />
              </div>
            </fieldset>
            {(colorFacets.length > 0 || params.color !== undefined) && (
              <ColorFilter
                facets={colorFacets}
                selected={params.color}
                onSelect={(color) => update(withColor(params, color))}
              />
            )}
            {(sizeFacets.length > 0 || params.size !== undefined) && (
              <SizeFilter
                facets={sizeFacets}
                selected={params.size}
                onSelect={(size) => update(withSize(params, size))}
              />
            )}
            {hasFilters(params) && (
              <button
                type="button"
                onClick={() => update(withoutFilters())}
                className="mt-5 w-full rounded-full border border-neutral-300 px-4 py-2.5 text-sm font-medium hover:bg-neutral-100"
              >
                {t('shop.clearFilters')}
              </button>
            )}
          </div>
        </aside>
        <section className="min-w-0 flex-1" aria-labelledby="shop-title" aria-busy={products.isFetching}>
          <h1 id="shop-title" className="scroll-mt-4 text-2xl font-bold md:text-3xl">
            {heading}
          </h1>
          {search && <p className="mt-1 text-neutral-600">{t('shop.searchFor', { q: search })}</p>}
          {/* A screen's height is kept for the results, so the footer does not jump when they arrive. */}
          <div className="mt-6 min-h-screen">
            {products.isPending ? (
              <p role="status">{t('shop.loading')}</p>
            ) : products.isError ? (
              <div role="alert" className="py-16 text-center">
                <p className="text-lg text-red-700">{t('shop.productsError')}</p>
                <button
                  type="button"
                  onClick={() => void products.refetch()}
                  className="mt-4 rounded-full bg-black px-8 py-3 font-medium text-white hover:bg-neutral-800"
                >
                  {t('shop.retry')}
                </button>
              </div>
            ) : list.length === 0 ? (
              <div className="py-16 text-center">
                <p className="text-lg text-neutral-600">{t('shop.empty')}</p>
                {search && <Suggestions search={search} />}
              </div>
            ) : (
              <ul className="grid grid-cols-2 gap-x-4 gap-y-8 lg:grid-cols-3 xl:grid-cols-4">
                {list.map((product, index) => (
                  <li key={product.id}>
                    <ProductCard
                      product={product}
                      index={index % 4}
                      eager={index < SHOP_FIRST_SCREEN_CARDS}
                      priority={index < SHOP_PRELOADED_CARDS}
                      headingLevel={2}
                      colorSlug={params.color}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Pagination
            page={params.page}
            totalPages={totalPages}
            onPage={(page) => {
              update({ ...params, page });
              window.scrollTo?.({ top: 0 });
            }}
          />
        </section>
      </div>
    </div>
  );
}

/** After a search that found nothing: the names closest to what was typed ("Essayez : T-shirt …"). */
function Suggestions({ search }: { search: string }) {
  const suggestions = useSuggestions(search, true);
  const found = suggestions.data ?? [];
  if (found.length === 0) return null;
  return (
    <p className="mt-4 text-neutral-800" data-testid="search-suggestions">
      {t('shop.tryInstead')}{' '}
      {found.map((product, i) => (
        <span key={product.id}>
          {i > 0 && listSeparator()}
          <Link
            to={paths.product(product.id)}
            className="font-semibold underline underline-offset-2 hover:no-underline"
          >
            <CatalogText fr={product.name} ar={product.name_ar} />
          </Link>
        </span>
      ))}
    </p>
  );
}
