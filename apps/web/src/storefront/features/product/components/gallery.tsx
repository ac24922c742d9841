import { useState } from 'react';
import { imageSrcSet, imageUrl } from '../../../../lib/api.ts';
import { t } from '../../../i18n/i18n.ts';
import type { ProductImage } from '../../products/types.ts';

/** Main image (click to advance), thumbnails and the "n / total" counter (SPEC §2). */
export function Gallery({ images, name }: { images: ProductImage[]; name: string }) {
  const ordered = [...images].sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
  const [index, setIndex] = useState(0);
  const total = ordered.length;
  const current = ordered[index];

  return (
    <div className="flex flex-col gap-3 md:flex-row-reverse">
      <div className="relative flex-1">
        <button
          type="button"
          className="block w-full overflow-hidden rounded-2xl bg-[#f0eeed]"
          onClick={() => total > 1 && setIndex((i) => (i + 1) % total)}
          aria-label={total > 1 ? t('product.nextImage') : name}
        >
          <img
            src={imageUrl(current?.image_url, 800)}
            srcSet={imageSrcSet(current?.image_url, 500)}
            alt={name}
            width={current?.width ?? 600}
            height={current?.height ?? 600}
            // The page's largest picture: fetched first (the server's HTML preloads the primary one).
            fetchPriority="high"
            className="aspect-square w-full object-cover"
          />
        </button>
        {total > 0 && (
          <span className="absolute end-3 bottom-3 rounded-full bg-black/70 px-3 py-1 text-xs font-medium text-white">
            {t('product.imageCounter', { n: index + 1, total })}
          </span>
        )}
      </div>
      {total > 1 && (
        <ul data-scroll-x className="no-scrollbar flex gap-3 overflow-x-auto md:w-24 md:flex-col">
          {ordered.map((image, i) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t('product.showImage', { n: i + 1 })}
                aria-current={i === index}
                className={`block overflow-hidden rounded-xl border-2 ${i === index ? 'border-black' : 'border-transparent'}`}
              >
                <img
                  src={imageUrl(image.image_url, 250)}
                  alt=""
                  width={88}
                  height={88}
                  loading="lazy"
                  decoding="async"
                  className="h-20 w-20 bg-[#f0eeed] object-cover md:h-22 md:w-22"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
