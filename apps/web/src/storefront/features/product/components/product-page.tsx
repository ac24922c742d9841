import { useEffect, useState } from 'react';
import { notify, preloadToasts } from '../../../layout/notify.ts';
import { useSearchParams } from 'react-router';
import { ONE_SIZE } from '@shop/domain/variants';
import { paths } from '../../../../lib/paths.ts';
import { formatRating, formatRatingOutOf5, toNumber } from '../../../../lib/format.ts';
import { NotFoundPage } from '../../../layout/not-found-page.tsx';
import { QuantityStepper } from '../../../../lib/ui/quantity-stepper.tsx';
import { Stars } from '../../../../lib/ui/stars.tsx';
import { FETCH_AHEAD_MARGIN, useInView } from '../../../../lib/ui/use-in-view.ts';
import { Breadcrumb } from '../../../layout/breadcrumb.tsx';
import { usePageTitle } from '../../../layout/page-title.ts';
import { formatDa, localized, t } from '../../../i18n/i18n.ts';
import { CatalogText, catalogText } from '../../../i18n/catalog-text.tsx';
import { addToCart, findLine, getCart } from '../../cart/cart-store.ts';
import { useOrderLimits } from '../../settings/api/get-settings.ts';
import { AddedToast } from '../../cart/components/added-toast.tsx';
import { useProduct } from '../../products/api/get-product.ts';
import { trackAdEvent } from '../../marketing/pixels.ts';
import { useRelatedProducts } from '../../products/api/get-related.ts';
import { ProductCarousel } from '../../products/components/product-carousel.tsx';
import { primaryImage, type Product } from '../../products/types.ts';
import { Gallery } from './gallery.tsx';
import { ProductReviews } from './product-reviews.tsx';
import { SizePicker } from './size-picker.tsx';
import { ColorPicker } from './color-picker.tsx';
import {
  COLOR_PARAM,
  colorBySlug,
  colorStock,
  imagesFor,
  productVariants,
  sizeText,
  variantOf,
  type ProductColor,
  type VariantFields,
} from '../../products/variants.ts';

export function ProductPage({ id }: { id: string }) {
  const product = useProduct(id);
  const viewed = product.data;
  useEffect(() => {
    if (viewed)
      trackAdEvent('ViewContent', {
        value: toNumber(viewed.final_price),
        contents: [{ id: String(viewed.id), quantity: 1 }],
      });
  }, [viewed]);
  usePageTitle(
    product.isPending
      ? undefined
      : { product: product.isError ? null : localized(product.data.name, product.data.name_ar) },
  );
  if (product.isPending) {
    return (
      <div
        className="mx-auto grid min-h-screen max-w-7xl content-start gap-8 px-4 py-10 md:grid-cols-2"
        aria-busy="true"
      >
        <span className="sr-only">{t('product.loading')}</span>
        <div className="aspect-square animate-pulse rounded-2xl bg-neutral-200" />
        <div className="space-y-4">
          <div className="h-10 w-3/4 animate-pulse rounded bg-neutral-200" />
          <div className="h-6 w-1/3 animate-pulse rounded bg-neutral-200" />
          <div className="h-24 animate-pulse rounded bg-neutral-200" />
        </div>
      </div>
    );
  }
  if (product.isError) return <NotFoundPage />;
  return (
    <>
      <ProductDetails product={product.data} />
      <ProductReviews productId={product.data.id} total={toNumber(product.data.total_ratings)} />
      <RelatedProducts id={product.data.id} />
    </>
  );
}

/** How long the add button says "Ajouté" after a tap. */
const ADDED_FEEDBACK_MS = 2000;

function ProductDetails({ product }: { product: Product & VariantFields }) {
  const variants = productVariants(product);
  const [searchParams, setSearchParams] = useSearchParams();
  const colorStocks = new Map(variants.colors.map((c) => [c.id, colorStock(variants, c.id)]));
  // The colour of the address (an ad's link, `?couleur=rouge`), else the first in stock; an unknown
  // colour in the address is ignored.
  const [colorId, setColorId] = useState<number | null>(
    () =>
      (
        colorBySlug(variants.colors, searchParams.get(COLOR_PARAM)) ??
        variants.colors.find((c) => (colorStocks.get(c.id) ?? 0) > 0)
      )?.id ?? null,
  );
  const color = variants.colors.find((c) => c.id === colorId);
  const [size, setSize] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [message, setMessage] = useState<string | null>(null);
  // The tap on "Ajouter au panier" answers in the same frame (a line under the button), whatever
  // the toast's code still has to download; the toast follows with the way to the cart.
  const [justAdded, setJustAdded] = useState(false);
  useEffect(() => {
    if (!justAdded) return;
    const timer = setTimeout(() => setJustAdded(false), ADDED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [justAdded]);
  // The customer's first touch of the page (a size, the quantity) fetches the toast's code.
  useEffect(() => {
    const events = ['pointerdown', 'keydown'] as const;
    const once = () => {
      preloadToasts();
      for (const name of events) document.removeEventListener(name, once);
    };
    for (const name of events) document.addEventListener(name, once, { passive: true });
    return () => {
      for (const name of events) document.removeEventListener(name, once);
    };
  }, []);

  const hasColors = variants.colors.length > 0;
  const oneSize = product.has_sizes && variants.scale === 'one';
  const hasSizes = product.has_sizes && !oneSize && variants.sizes.length > 0;
  // The variants' stock for the chosen colour (none chosen: the sizes summed over colours).
  const variantColorId = color?.id ?? 0;
  const sizeStock = (key: string): number =>
    hasColors && !color
      ? variants.variants.filter((v) => v.size === key).reduce((sum, v) => sum + v.stock, 0)
      : (variantOf(variants, variantColorId, key)?.stock ?? 0);
  const lineSize = oneSize ? ONE_SIZE : hasSizes && size ? size : '';
  const variant =
    product.has_sizes && (!hasColors || color) ? variantOf(variants, variantColorId, lineSize) : undefined;
  const stock = color ? (colorStocks.get(color.id) ?? 0) : toNumber(product.stock);
  const available = variant ? variant.stock : stock;
  const { maxQuantityPerLine, maxLines } = useOrderLimits();
  const maxQuantity = Math.max(1, Math.min(available, maxQuantityPerLine));
  const discount = toNumber(product.discount_percentage);
  // The chosen variant's price; before a size is chosen, the colour's when all its sizes cost the same.
  const colorVariants = color ? variants.variants.filter((v) => v.color_id === color.id) : [];
  const priced =
    variant ??
    (colorVariants.length > 0 && colorVariants.every((v) => v.final_price === colorVariants[0]?.final_price)
      ? colorVariants[0]
      : undefined);
  const price = priced ? priced.final_price : toNumber(product.final_price);
  const listPrice = toNumber(product.price) + (priced ? toNumber(priced.price_diff) : 0);
  const images = imagesFor(product.images ?? [], color);

  function selectColor(next: ProductColor | undefined) {
    setColorId(next?.id ?? null);
    setMessage(null);
    // The address keeps the colour (an ad's link, a shared page), in place of the current entry.
    setSearchParams(
      (current) => {
        const search = new URLSearchParams(current);
        if (next) search.set(COLOR_PARAM, next.slug);
        else search.delete(COLOR_PARAM);
        return search;
      },
      { replace: true, preventScrollReset: true },
    );
    const nextColorId = next?.id ?? 0;
    if (size) {
      const left = variantOf(variants, nextColorId, size)?.stock ?? 0;
      // A size sold out in the new colour is chosen again; one in stock stays, capped.
      if (next && left <= 0) setSize(null);
      else if (next) setQuantity((q) => Math.max(1, Math.min(q, left)));
    }
  }

  function selectSize(next: string | null) {
    setSize(next);
    setMessage(null);
    // Picking a size caps the quantity at that variant's stock (SPEC §4).
    if (next) setQuantity((q) => Math.max(1, Math.min(q, sizeStock(next))));
  }

  function add() {
    if (toNumber(product.stock) <= 0) return setMessage(t('product.outOfStock'));
    if (hasColors && !color) return setMessage(t('product.pleaseChooseColor'));
    if (hasSizes && !size) return setMessage(t('product.pleaseChooseSize'));
    if (product.has_sizes && (variant?.stock ?? 0) < quantity)
      return setMessage(t(hasSizes ? 'product.sizeSoldOut' : 'product.outOfStock'));
    if (!product.has_sizes && stock < quantity) return setMessage(t('product.outOfStock'));
    const lineColor = color?.name ?? '';
    if (!findLine({ id: product.id, size: lineSize, color: lineColor }) && getCart().length >= maxLines) {
      return setMessage(t('product.cartFull', { n: maxLines }));
    }
    // What is already in the cart counts against the stock (SPEC §5) and the order's limit.
    const lineStock = variant ? variant.stock : stock;
    const cap = Math.min(lineStock, maxQuantityPerLine);
    const ownImage = color ? images.find((i) => i.id === color.image_ids[0])?.image_url : undefined;
    const result = addToCart(
      {
        id: product.id,
        name: product.name,
        name_ar: product.name_ar,
        cost: price,
        src: ownImage ?? primaryImage({ images }) ?? primaryImage(product) ?? '',
        size: lineSize,
        Quantity: quantity,
        max: lineStock,
        ...(color ? { color: color.name, color_ar: color.name_ar, swatch: color.swatch } : {}),
        ...(lineSize && variants.scale !== 'letters' ? { size_scale: variants.scale } : {}),
      },
      maxQuantityPerLine,
    );
    if (result.added === 0) {
      const full =
        cap < lineStock ? t('product.orderLimitReached', { n: cap }) : t('product.stockFull', { stock: cap });
      setMessage(full);
      notify.warning(full);
      return;
    }
    setMessage(null);
    setJustAdded(true);
    const text =
      result.added < quantity
        ? t('product.stockCapped', { added: result.added, stock: cap })
        : t('product.added', { name: catalogText(product.name, product.name_ar) });
    notify[result.added < quantity ? 'warning' : 'success'](<AddedToast message={text} />);
  }

  return (
    <div className="mx-auto max-w-7xl px-4">
      <Breadcrumb
        items={[{ label: t('shop.breadcrumb'), to: paths.shop }, { label: catalogText(product.name, product.name_ar) }]}
      />
      <div className="grid grid-cols-1 gap-8 md:grid-cols-2 md:gap-10">
        <Gallery key={colorId ?? 0} images={images} name={localized(product.name, product.name_ar)} />
        <div>
          <h1 className="text-3xl font-black tracking-tight uppercase md:text-4xl">
            <CatalogText fr={product.name} ar={product.name_ar} />
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-neutral-600">
            {toNumber(product.total_ratings) > 0 ? (
              <>
                <Stars
                  rating={product.average_rating}
                  label={t('rating.ratingValue', { n: formatRating(product.average_rating) })}
                  size={20}
                />
                <span>{formatRatingOutOf5(product.average_rating)}</span>
                <a href="#product-reviews-title" className="underline-offset-2 hover:underline">
                  {t('product.reviews', { n: toNumber(product.total_ratings) })}
                </a>
              </>
            ) : (
              <span>{t('product.noRatings')}</span>
            )}
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <span className="text-3xl font-bold">{formatDa(price)}</span>
            {discount > 0 && (
              <>
                <s
                  className="text-2xl font-bold text-neutral-500"
                  aria-label={`${t('card.oldPrice')} ${formatDa(listPrice)}`}
                >
                  {formatDa(listPrice)}
                </s>
                <span className="rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-700">
                  {t('card.discount', { n: discount })}
                </span>
              </>
            )}
          </div>
          <p className="mt-5 whitespace-pre-line text-neutral-600">
            <CatalogText fr={product.description} ar={product.description_ar} />
          </p>
          <p className={`mt-4 font-medium ${stock > 0 ? 'text-green-700' : 'text-red-700'}`}>
            {stock > 0 ? t('product.inStock', { n: stock }) : t('product.outOfStock')}
          </p>
          <hr className="my-6 border-neutral-200" />
          {hasColors && (
            <>
              <ColorPicker colors={variants.colors} stock={colorStocks} selected={color} onSelect={selectColor} />
              <hr className="my-6 border-neutral-200" />
            </>
          )}
          {hasSizes && (
            <>
              <SizePicker
                sizes={variants.sizes.map((key) => ({
                  key,
                  label: sizeText(variants.scale, key),
                  stock: sizeStock(key),
                }))}
                selected={size}
                onSelect={selectSize}
              />
              {!size && stock > 0 && <p className="mt-2 text-sm text-neutral-500">{t('product.chooseSize')}</p>}
              <hr className="my-6 border-neutral-200" />
            </>
          )}
          <div className="flex gap-3">
            <QuantityStepper
              value={quantity}
              onChange={setQuantity}
              max={maxQuantity}
              label={t('product.quantity')}
              decreaseLabel={t('product.decrease')}
              increaseLabel={t('product.increase')}
            />
            <button
              type="button"
              onClick={add}
              disabled={stock <= 0}
              className="h-12 flex-1 rounded-full bg-black px-6 font-medium text-white hover:bg-neutral-800 disabled:cursor-not-allowed disabled:bg-neutral-400"
            >
              {stock > 0 ? t('product.addToCart') : t('product.outOfStock')}
            </button>
          </div>
          <div className="mt-3 min-h-6 text-sm font-medium">
            <p role="alert" className="text-red-700">
              {message}
            </p>
            <p role="status" className="text-green-700" data-testid="added-now">
              {justAdded && `✓ ${t('product.addedShort')}`}
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}

function RelatedProducts({ id }: { id: number }) {
  // Below the product: fetched as it comes near the screen, not while the page's picture loads.
  const [ref, near] = useInView<HTMLDivElement>(FETCH_AHEAD_MARGIN);
  const related = useRelatedProducts(id, near);
  return (
    <div ref={ref}>
      <ProductCarousel
        id="related"
        title={t('product.related')}
        products={related.data}
        loading={related.isPending}
        hideId={id}
        emptyText={t('product.noRelated')}
        errorText={related.isError ? t('product.error', { message: related.error.message }) : null}
      />
    </div>
  );
}
