// Business constants of SPEC §9. Each exists here once; pages and routes import them by name.

export const CURRENCY_SUFFIX = ' Da';
export const MONEY_LOCALE = 'fr-DZ';
/** The shop's clock: Algeria (UTC+1, no summer time). Files the owner downloads give times in it. */
export const SHOP_TIME_ZONE = 'Africa/Algiers';

export const SHOP_PAGE_SIZE = 16;
export const PRICE_SLIDER_MIN = 0;
export const PRICE_SLIDER_MAX = 5000;
export const PRICE_SLIDER_GAP = 500;

export const POSTAL_CODE_DIGITS = 5;

export const RELATED_PRODUCTS_LIMIT = 10;
export const RECENT_REVIEWS_LIMIT = 5;
/** Reviews shown per page under a product. */
export const PRODUCT_REVIEWS_PAGE_SIZE = 5;
export const LOW_STOCK_BADGE_AT = 5;
export const ADMIN_LOW_STOCK_LIST_BELOW = 10;
export const ADMIN_LOW_STOCK_SIZE_BELOW = 5;
export const ADMIN_ORDERS_PAGE_SIZE = 20;
/** Page sizes the orders list offers (SPEC's 20 first): a day's parcels selected on one page. */
export const ADMIN_ORDERS_PAGE_SIZES = [ADMIN_ORDERS_PAGE_SIZE, 50, 100] as const;
export const ADMIN_RATINGS_PAGE_SIZE = 20;
export const COUPON_MIN_MAX_USES = 1;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const DEFAULT_RATING = 5;
/** The review text of a checkout rating left without a comment (SPEC §5, in French: DESIGN §6.3). */
export const DEFAULT_PRODUCT_REVIEW = 'Excellent produit !';

export const CAROUSEL_CARD_WIDTH_PX = 250;
export const CAROUSEL_IMAGE_HEIGHT_PX = 250;
export const CAROUSEL_GAP_PX = 20;
export const CAROUSEL_PLACEHOLDERS = 4;
/**
 * Cards of a phone's first screen, drawn at once (no reveal): the shop's first two rows, the first
 * two of the home's new arrivals. The pictures of the first ones are fetched first, preloaded by
 * the page's HTML (the server's page hints): the shop's first row, the home's two.
 */
export const SHOP_FIRST_SCREEN_CARDS = 4;
export const SHOP_PRELOADED_CARDS = 2;
export const HOME_FIRST_SCREEN_CARDS = 2;
export const CAROUSEL_REMEASURE_DELAYS_MS = [500, 1000] as const;
export const CARD_APPEAR_DELAY_MS = 50;
export const CARD_STAGGER_MS = 100;
export const REVEAL_DURATION_MS = 500;
export const REVEAL_START_DELAY_MS = 100;

export const NAV_HIDE_THRESHOLD_PX = 250;
export const COPY_CONFIRMATION_MS = 2000;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const ADMIN_PRODUCTS_TOAST_AUTO_CLOSE_MS = 3000;

export const REGULAR_DELIVERY_ESTIMATE = '3-5 jours ouvrables';
export const CUSTOM_DELIVERY_ESTIMATE = '7-10 jours ouvrables';
export const CUSTOM_MAKING_TIME = '5-7 jours ouvrables';

/** Highest price a product, item or wilaya may have, in Da (its centimes fit a 32-bit integer). */
export const MAX_PRICE_DA = 10_000_000;
/** Highest order total the database columns hold, in centimes (PostgreSQL integer). */
export const MAX_ORDER_TOTAL_CENTIMES = 2_000_000_000;

export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
/** The item of the custom-order catalogue that has no sizes (matched case-insensitively). */
export const CUP_ITEM_NAME = 'cup';
