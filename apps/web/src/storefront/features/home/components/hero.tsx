import { Link } from 'react-router';
import { paths } from '../../../../lib/paths.ts';
import { t } from '../../../i18n/i18n.ts';

/** SPEC §1: headline, Buy Now to the shop, and the static statistics. */

const STATS = [
  { value: '2 000+', label: () => t('home.statProducts') },
  { value: '30 000+', label: () => t('home.statCustomers') },
];

export function Hero() {
  return (
    <section className="bg-[#f2f0f1]">
      <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
        <div>
          <h1 className="text-[2rem] leading-tight font-black tracking-tight break-words uppercase hyphens-auto min-[390px]:text-4xl md:text-6xl">
            {t('home.headline')}
          </h1>
          <p className="mt-5 max-w-lg text-neutral-600">{t('home.intro')}</p>
          <Link
            to={paths.shop}
            className="mt-8 inline-block w-full rounded-full bg-black px-14 py-4 text-center font-medium text-white hover:bg-neutral-800 md:w-auto"
          >
            {t('home.buyNow')}
          </Link>
          <dl className="mt-10 grid grid-cols-2 gap-4 sm:flex sm:gap-10">
            {STATS.map((stat) => (
              <div key={stat.value} className="flex flex-col-reverse">
                <dt className="text-sm text-neutral-600 sm:text-base">{stat.label()}</dt>
                <dd className="text-3xl font-bold md:text-4xl">
                  {/* "2 000+" reads left to right in Arabic too. */}
                  <bdi dir="ltr">{stat.value}</bdi>
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="relative hidden aspect-square md:block" aria-hidden="true">
          <div className="absolute inset-8 rounded-full bg-white/70" />
          <svg viewBox="0 0 200 200" className="absolute inset-0 h-full w-full">
            <path d="M70 40l30-15 30 15 30 25-18 24-12-10v96H70V79l-12 10-18-24z" fill="#111" />
            <path d="M160 30l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" fill="#111" />
            <path d="M35 130l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="#111" />
          </svg>
        </div>
      </div>
    </section>
  );
}
