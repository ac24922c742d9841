import {
  CAROUSEL_CARD_WIDTH_PX,
  CAROUSEL_GAP_PX,
  CAROUSEL_IMAGE_HEIGHT_PX,
  CAROUSEL_PLACEHOLDERS,
  CAROUSEL_REMEASURE_DELAYS_MS,
} from '@shop/domain/constants';
import { useDragScroll } from '../../../../lib/ui/use-drag-scroll.ts';
import { t } from '../../../i18n/i18n.ts';
import { ProductCard, type CardProduct } from './product-card.tsx';

interface ProductCarouselProps {
  id?: string;
  title: string;
  products: readonly CardProduct[] | undefined;
  loading: boolean;
  /** Hides one product (the related list hides the product being viewed). */
  hideId?: number;
  emptyText?: string;
  errorText?: string | null;
  /** The first cards on a phone's first screen: drawn at once, their pictures fetched first (preloaded). */
  firstScreenCards?: number;
}

/** SPEC §4: loading (4 grey placeholders), empty, or a draggable row of cards. */
export function ProductCarousel({
  id,
  title,
  products,
  loading,
  hideId,
  emptyText,
  errorText,
  firstScreenCards = 0,
}: ProductCarouselProps) {
  const { ref, remeasure, handlers } = useDragScroll<HTMLUListElement>(CAROUSEL_REMEASURE_DELAYS_MS);
  const visible = (products ?? []).filter((p) => p.id !== hideId);
  const headingId = id ? `${id}-title` : undefined;

  let body;
  if (loading) {
    body = (
      <div className="flex overflow-hidden" style={{ gap: CAROUSEL_GAP_PX }} aria-busy="true">
        <span className="sr-only">{t('carousel.loading')}</span>
        {Array.from({ length: CAROUSEL_PLACEHOLDERS }, (_, i) => (
          <div key={i} className="shrink-0" style={{ width: CAROUSEL_CARD_WIDTH_PX }} aria-hidden="true">
            <div className="animate-pulse rounded-2xl bg-neutral-200" style={{ height: CAROUSEL_IMAGE_HEIGHT_PX }} />
            <div className="mt-3 h-4 w-3/4 animate-pulse rounded bg-neutral-200" />
            <div className="mt-2 h-4 w-1/2 animate-pulse rounded bg-neutral-200" />
          </div>
        ))}
      </div>
    );
  } else if (errorText) {
    body = (
      <p role="alert" className="text-center text-red-600">
        {errorText}
      </p>
    );
  } else if (visible.length === 0) {
    body = <p className="text-center text-neutral-500">{emptyText ?? t('carousel.empty')}</p>;
  } else {
    body = (
      <ul
        ref={ref}
        {...handlers}
        data-scroll-x
        className="no-scrollbar flex cursor-grab snap-x overflow-x-auto pb-2 select-none active:cursor-grabbing"
        style={{ gap: CAROUSEL_GAP_PX }}
      >
        {visible.map((product, index) => (
          <li key={product.id} className="snap-start">
            <ProductCard
              product={product}
              index={index}
              fixedWidth
              eager={index < firstScreenCards}
              priority={index < firstScreenCards}
              onImageSettled={remeasure}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section id={id} aria-labelledby={headingId} className="mx-auto max-w-7xl scroll-mt-24 px-4 py-12">
      <h2 id={headingId} className="mb-8 text-center text-3xl font-black tracking-tight md:text-5xl">
        {title}
      </h2>
      {body}
    </section>
  );
}
