import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useCopy } from '../../lib/ui/use-copy.ts';
import { FETCH_AHEAD_MARGIN, useInView } from '../../lib/ui/use-in-view.ts';
import { useSettings, useShopName } from '../features/settings/api/get-settings.ts';
import { t } from '../i18n/i18n.ts';
import { telHref } from '../features/settings/contact-links.ts';
import { WhatsappButton } from './whatsapp-button.tsx';

const SOCIAL_ICONS = {
  facebook: 'M14 8h3V4h-3a4 4 0 00-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z',
  instagram:
    'M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zm5 5a4 4 0 100 8 4 4 0 000-8zm5.5-1.5a1 1 0 100 2 1 1 0 000-2z',
  tiktok: 'M16 3c.5 2.5 2 4 4.5 4.3v3.4c-1.7 0-3.2-.5-4.5-1.4V16a6 6 0 11-6-6v3.5a2.5 2.5 0 102.5 2.5V3z',
} as const;

const SOCIAL_NAMES = { facebook: 'Facebook', instagram: 'Instagram', tiktok: 'TikTok' } as const;

export function Footer() {
  // Below the fold: its contacts are fetched as it comes near, not with the page's first data.
  const [ref, near] = useInView<HTMLElement>(FETCH_AHEAD_MARGIN);
  const { data: settings } = useSettings(near);
  const shopName = useShopName();
  const { copied, copy } = useCopy();

  return (
    <footer ref={ref} className="mt-16 bg-[#f0f0f0]">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-3">
        <div>
          <p className="text-2xl font-black">{shopName}</p>
          <p className="mt-3 text-sm text-neutral-600">{t('footer.tagline')}</p>
        </div>
        <div>
          <h2 className="font-semibold tracking-widest uppercase">{t('footer.follow')}</h2>
          <ul className="mt-4 flex gap-3">
            {(['facebook', 'instagram', 'tiktok'] as const).map((network) => (
              <li key={network}>
                <a
                  href={settings?.social[network] || '#'}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={SOCIAL_NAMES[network]}
                  className="flex h-10 w-10 items-center justify-center rounded-full border border-neutral-300 bg-white hover:bg-black hover:text-white"
                >
                  <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                    <path d={SOCIAL_ICONS[network]} fillRule="evenodd" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-semibold tracking-widest uppercase">{t('footer.contact')}</h2>
          <div className="mt-4 flex flex-col items-start gap-2 text-sm">
            <Link to={paths.tracking} className="rounded font-semibold text-black underline hover:no-underline">
              {t('footer.tracking')}
            </Link>
            {/* A phone calls the number; a computer, which cannot, copies it (SPEC §1). */}
            {settings?.phone && (
              <a
                href={telHref(settings.phone)}
                className="hidden rounded py-1 text-start text-neutral-700 underline pointer-coarse:inline-block"
                aria-label={t('footer.callPhone', { phone: settings.phone })}
                data-testid="footer-call"
              >
                ☎ <bdi dir="ltr">{settings.phone}</bdi>
              </a>
            )}
            <button
              type="button"
              className="rounded text-start text-neutral-700 hover:underline pointer-coarse:hidden"
              aria-label={`${t('footer.copyPhone')} ${settings?.phone ?? ''}`}
              onClick={() => settings && void copy(settings.phone, t('footer.phoneCopied'))}
            >
              ☎ <bdi dir="ltr">{settings?.phone ?? '…'}</bdi>
            </button>
            <button
              type="button"
              className="rounded text-start text-neutral-700 hover:underline"
              aria-label={`${t('footer.copyEmail')} ${settings?.email ?? ''}`}
              onClick={() => settings && void copy(settings.email, t('footer.emailCopied'))}
            >
              ✉ {settings?.email ?? '…'}
            </button>
            <p role="status" className="min-h-5 font-medium text-green-700">
              {copied}
            </p>
          </div>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl flex-col gap-1 border-t border-neutral-300 px-4 pt-6 pb-24 text-sm text-neutral-600 md:flex-row md:justify-between md:pb-6">
        <p>{t('footer.rights', { year: new Date().getFullYear(), shop: shopName })}</p>
        <p>
          {t('footer.credit')} {t('footer.creator', { shop: shopName })}
        </p>
      </div>
      {/* Fixed at the screen's corner on every page; in the footer's landmark for screen readers. */}
      <WhatsappButton />
    </footer>
  );
}
