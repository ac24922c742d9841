import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  CARD_APPEAR_DELAY_MS,
  CARD_STAGGER_MS,
  CAROUSEL_CARD_WIDTH_PX,
  CAROUSEL_IMAGE_HEIGHT_PX,
  REVEAL_DURATION_MS,
  REVEAL_START_DELAY_MS,
} from '@shop/domain/constants';
import { paths } from '../../../../lib/paths.ts';
import { imageSrcSet, imageUrl } from '../../../../lib/api.ts';
import { formatRating, formatRatingOutOf5, toNumber } from '../../../../lib/format.ts';
import { Stars } from '../../../../lib/ui/stars.tsx';
import { useInView } from '../../../../lib/ui/use-in-view.ts';
import { formatDa, listSeparator, localized, t } from '../../../i18n/i18n.ts';
import { primaryImage, type Product } from '../types.ts';
import { COLOR_PARAM, colorName, type ProductColor } from '../variants.ts';

export type CardProduct = Pick<
  Product,
  'id' | 'name' | 'images' | 'average_rating' | 'discount_percentage' | 'price' | 'final_price'
> & {
  discounted_price?: number;
  name_ar?: string | null;
  colors?: readonly (Pick<ProductColor, 'id' | 'name' | 'name_ar' | 'swatch'> &
    Partial<Pick<ProductColor, 'slug' | 'image_ids'>>)[];
};

/** At most this many colour dots on a card; more are said "+N". */
export const CARD_COLOR_DOTS = 5;

interface ProductCardProps {
  product: CardProduct;
  /** Position in its row: cards appear one after another (stagger). */
  index?: number;
  /** Fixed 250 px width in a carousel; fluid in the shop grid. */
  fixedWidth?: boolean;
  /**
   * On the first screen: shown at once. The reveal is for cards scrolling into view (SPEC §10); on
   * these it only delayed the page's largest paint.
   */
  eager?: boolean;
  /** Its picture is fetched first (the page's HTML preloads it): the first screen's first cards. */
  priority?: boolean;
  onImageSettled?: () => void;
  /** The name's heading level: 3 under a carousel's h2, 2 right under the shop's h1. */
  headingLevel?: 2 | 3;
  /** The shop's colour filter (a slug): the card shows that colour's photo and opens on it. */
  colorSlug?: string | undefined;
}

/** SPEC §3/§4: image, name, stars, current price and, above 0, the discount. */
export function ProductCard({
  product,
  index = 0,
  fixedWidth = false,
  eager = false,
  priority = false,
  onImageSettled,
  headingLevel = 3,
  colorSlug,
}: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [ready, setReady] = useState(eager);
  const [ref, inView] = useInView<HTMLDivElement>();
  useEffect(() => {
    if (eager) return;
    const timer = setTimeout(() => setReady(true), CARD_APPEAR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [eager]);

  const price = toNumber(product.discounted_price ?? product.final_price);
  const listPrice = toNumber(product.price);
  const discount = toNumber(product.discount_percentage);
  const width = fixedWidth ? CAROUSEL_CARD_WIDTH_PX : undefined;
  const shown = eager || (ready && inView);
  const colors = product.colors ?? [];
  // Filtered by a colour: its first photo, and the product page opens on it (?couleur=).
  const filtered = colorSlug ? colors.find((c) => c.slug === colorSlug) : undefined;
  const colorPhoto = filtered?.image_ids?.length
    ? product.images?.find((i) => i.id === filtered.image_ids?.[0])?.image_url
    : undefined;
  const picture = colorPhoto ?? primaryImage(product);
  const to = filtered?.slug
    ? `${paths.product(product.id)}?${new URLSearchParams({ [COLOR_PARAM]: filtered.slug }).toString()}`
    : paths.product(product.id);

  return (
    <div
      ref={ref}
      className="shrink-0"
      style={{
        width,
        opacity: shown ? 1 : 0,
        transform: shown ? 'none' : 'translateY(24px)',
        transition: eager
          ? undefined
          : `opacity ${REVEAL_DURATION_MS}ms ease-out, transform ${REVEAL_DURATION_MS}ms ease-out`,
        transitionDelay: eager ? undefined : `${REVEAL_START_DELAY_MS + index * CARD_STAGGER_MS}ms`,
      }}
    >
      {ready ? (
        <Link to={to} className="group block rounded-2xl focus-visible:outline-offset-4" draggable={false}>
          <div
            className="overflow-hidden rounded-2xl bg-[#f0eeed]"
            style={{ height: fixedWidth ? CAROUSEL_IMAGE_HEIGHT_PX : undefined }}
          >
            <img
              src={imageUrl(picture, 250)}
              srcSet={imageSrcSet(picture, 250)}
              alt={localized(product.name, product.name_ar)}
              width={CAROUSEL_CARD_WIDTH_PX}
              height={CAROUSEL_IMAGE_HEIGHT_PX}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding={priority ? undefined : 'async'}
              draggable={false}
              onLoad={onImageSettled}
              onError={(event) => {
                event.currentTarget.srcset = '';
                event.currentTarget.src = imageUrl(null);
                onImageSettled?.();
              }}
              className="aspect-square h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
            />
          </div>
          <Heading
            className="mt-3 line-clamp-1 font-bold text-neutral-900 group-hover:underline rtl:text-right"
            // A French name on the Arabic storefront is cut at its own end.
            dir="auto"
          >
            {localized(product.name, product.name_ar)}
          </Heading>
          <div className="mt-1 flex items-center gap-2 text-sm text-neutral-600">
            {toNumber(product.average_rating) > 0 ? (
              <>
                <Stars
                  rating={product.average_rating}
                  label={t('rating.ratingValue', { n: formatRating(product.average_rating) })}
                />
                <span>{formatRatingOutOf5(product.average_rating)}</span>
              </>
            ) : (
              <span>{t('product.noRatings')}</span>
            )}
          </div>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <span className="text-lg font-bold text-neutral-900">{formatDa(price)}</span>
            {discount > 0 && (
              <>
                {listPrice > price && (
                  <s className="text-neutral-500" aria-label={`${t('card.oldPrice')} ${formatDa(listPrice)}`}>
                    {formatDa(listPrice)}
                  </s>
                )}
                <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700">
                  {t('card.discount', { n: discount })}
                </span>
              </>
            )}
          </div>
          {colors.length > 0 && <ColorDots colors={colors} />}
        </Link>
      ) : (
        <div aria-hidden="true" className="invisible">
          <div className="aspect-square w-full" style={{ height: fixedWidth ? CAROUSEL_IMAGE_HEIGHT_PX : undefined }} />
          {/* The height of the name, stars and price lines below (no shift when they show). */}
          <div className="h-[92px]" />
          {colors.length > 0 && <div className={COLOR_ROW} />}
        </div>
      )}
    </div>
  );
}

/** The colour dots' row: its height is kept by the card's placeholder too (no shift when it shows). */
const COLOR_ROW = 'mt-2 h-4';

/** The product's colours as small dots (at most five, then "+N"), named for screen readers. */
function ColorDots({ colors }: { colors: NonNullable<CardProduct['colors']> }) {
  const more = colors.length - CARD_COLOR_DOTS;
  return (
    <div className={`${COLOR_ROW} flex items-center gap-1.5`} data-testid="card-colors">
      <span className="sr-only">
        {t('card.colors', { n: colors.length })} : {colors.map((c) => colorName(c)).join(listSeparator())}
      </span>
      {colors.slice(0, CARD_COLOR_DOTS).map((color) => (
        <span
          key={color.id}
          aria-hidden="true"
          title={colorName(color)}
          className="block h-3.5 w-3.5 shrink-0 rounded-full border border-black/15"
          style={{ backgroundColor: color.swatch }}
        />
      ))}
      {more > 0 && (
        <span aria-hidden="true" className="text-xs leading-none font-medium text-neutral-600">
          {t('card.moreColors', { n: more })}
        </span>
      )}
    </div>
  );
}
