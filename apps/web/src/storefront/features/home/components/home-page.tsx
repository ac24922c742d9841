import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLatestProducts } from '../../products/api/get-latest.ts';
import { useTopPromotions } from '../../products/api/get-top-promotions.ts';
import { ProductCarousel } from '../../products/components/product-carousel.tsx';
import { t } from '../../../texts.ts';
import { Hero } from './hero.tsx';
import { ReviewsSection } from './reviews-section.tsx';

export type HomeSection = 'newArrival' | 'onSale' | 'topSelling';

const HASHES: Record<string, HomeSection> = {
  '#newArrival': 'newArrival',
  '#onSale': 'onSale',
  '#topSelling': 'topSelling',
};

/** SPEC §2: hero, NOUVEAUTÉS, EN PROMOTION, NOS CLIENTS SATISFAITS; /NewArrival etc. scroll to their section. */
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
      <ProductCarousel id="newArrival" title={t.home.newArrival} products={latest.data} loading={latest.isPending} />
      <hr className="mx-auto max-w-7xl border-neutral-200" />
      {/* "Top selling" has no list of its own in the specification: it leads to the promotions. */}
      <div id="topSelling" className="scroll-mt-24">
        <ProductCarousel id="onSale" title={t.home.onSale} products={promotions.data} loading={promotions.isPending} />
      </div>
      <ReviewsSection />
    </>
  );
}
