// What every page must pass, on the phone and the desktop (pages.test.ts, arabic.test.ts): no
// sideways scroll, no box scrolling sideways but the marked carousels, and axe-core's checks.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** How far the page reaches past the screen's right edge, in CSS pixels (0 = no sideways scroll). */
export function overflow(page: Page, width: number): Promise<number> {
  return page.evaluate((w) => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - w, width);
}

/**
 * Boxes that scroll sideways inside the page (a table in its TableWrap, a modal's body), which
 * the document's width does not show; those meant to (carousels) are marked data-scroll-x.
 */
export function boxesScrollingSideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const { overflowX } = getComputedStyle(element);
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      if (element.closest('[data-scroll-x]')) continue;
      const over = element.scrollWidth - element.clientWidth;
      if (over <= 1) continue;
      const name = element.getAttribute('aria-label') ?? element.id ?? '';
      const classes = typeof element.className === 'string' ? element.className.slice(0, 60) : '';
      found.push(`<${element.tagName.toLowerCase()}> "${name || classes}" scrolls ${over} px sideways`);
    }
    return found;
  });
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/**
 * Structure rules that axe rates "moderate" but that the pages must pass: a screen
 * reader user finds the page's parts by its landmarks and headings.
 */
const STRUCTURE_RULES = new Set([
  'landmark-one-main',
  'region',
  'heading-order',
  'landmark-banner-is-top-level',
  'landmark-no-duplicate-banner',
  'landmark-unique',
  'definition-list',
  'dlitem',
]);
/** The back office's pages may start at a smaller heading; the storefront's each have one h1. */
const STOREFRONT_RULES = new Set(['page-has-heading-one']);

/** axe-core's serious and critical violations, and any of the structure rules, one line each. */
export async function accessibilityViolations(page: Page, storefront: boolean): Promise<string[]> {
  // Evaluated through the debugging protocol, which the page's CSP does not govern.
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResult> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    }),
  );
  return result.violations
    .filter(
      (v) =>
        v.impact === 'serious' ||
        v.impact === 'critical' ||
        STRUCTURE_RULES.has(v.id) ||
        (storefront && STOREFRONT_RULES.has(v.id)),
    )
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}
