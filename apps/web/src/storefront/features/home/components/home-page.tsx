import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { HOME_FIRST_SCREEN_CARDS } from '@shop/domain/constants';
import { useLatestProducts } from '../../products/api/get-latest.ts';
import { useTopPromotions } from '../../products/api/get-top-promotions.ts';
import { useTopSelling } from '../../products/api/get-top-selling.ts';
import { FETCH_AHEAD_MARGIN, useInView } from '../../../../lib/ui/use-in-view.ts';
import { ProductCarousel } from '../../products/components/product-carousel.tsx';
import { t } from '../../../i18n/i18n.ts';
import { Hero } from './hero.tsx';
import { ReviewsSection } from './reviews-section.tsx';

export type HomeSection = 'newArrival' | 'onSale' | 'topSelling';

const HASHES: Record<string, HomeSection> = {
  '#newArrival': 'newArrival',
  '#onSale': 'onSale',
  '#topSelling': 'topSelling',
};

/**
 * SPEC §2: hero, NOUVEAUTÉS, EN PROMOTION, MEILLEURES VENTES, NOS CLIENTS SATISFAITS; /NewArrival,
 * /OnSale and /TopSelling (and their #anchors) scroll to their section.
 */
export function HomePage({ section }: { section?: HomeSection }) {
  const latest = useLatestProducts();
  const promotions = useTopPromotions();
  const { hash } = useLocation();
  const target = section ?? HASHES[hash];
  const settled = !latest.isPending && !promotions.isPending;

  useEffect(() => {
    if (!target) return;
    document.getElementById(target)?.scrollIntoView({ block: 'start' });
    // Scroll again once the sections above have their real height.
  }, [target, settled]);

  return (
    <>
      <Hero />
      <ProductCarousel
        id="newArrival"
        title={t('home.newArrival')}
        products={latest.data}
        loading={latest.isPending}
        // Their pictures are preloaded by the home's HTML (the server's page hints).
        firstScreenCards={HOME_FIRST_SCREEN_CARDS}
      />
      <hr className="mx-auto max-w-7xl border-neutral-200" />
      <ProductCarousel id="onSale" title={t('home.onSale')} products={promotions.data} loading={promotions.isPending} />
      <TopSelling asked={target === 'topSelling'} />
      <ReviewsSection />
    </>
  );
}

/**
 * Best sellers by units delivered. A new shop has none yet: the section then stays out of the way,
 * unless the visitor asked for it (/TopSelling), who is told why it is empty.
 */
function TopSelling({ asked }: { asked: boolean }) {
  const [ref, near] = useInView<HTMLDivElement>(FETCH_AHEAD_MARGIN);
  const best = useTopSelling(near || asked);
  const none = best.isSuccess && best.data.length === 0;
  return (
    <div ref={ref} id="topSelling" className="scroll-mt-24">
      {!(none && !asked) && (
        <>
          <hr className="mx-auto max-w-7xl border-neutral-200" />
          <ProductCarousel
            id="bestSellers"
            title={t('home.topSelling')}
            products={best.data}
            loading={best.isPending}
            emptyText={t('home.noTopSelling')}
          />
        </>
      )}
    </div>
  );
}
