// npm run bench:web: builds the web app, reports what a first visit of the home, shop, product and
// tracking (/suivi) pages downloads (JS and CSS, raw, gzip and brotli, measured by visiting each in Chromium), then
// runs Lighthouse (mobile preset, five runs per page) on the same pages of a local server with
// the demo catalogue, and prints the medians. Writes bench/results/web.md. BENCH_WEB_RUNS=0
// reports the sizes only; BENCH_WEB_PIXELS=1 runs it with ad pixels set (below).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, waitFor } from '../scripts/processes.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
// While iterating: BENCH_WEB_PAGES=shop,product runs only those pages; BENCH_WEB_SKIP_BUILD=1 keeps
// the last build; BENCH_WEB_LHR_DIR=/tmp/lhr writes each run's Lighthouse JSON there.
const PAGES = process.env.BENCH_WEB_PAGES?.split(',').filter(Boolean);
// BENCH_WEB_THROTTLING=devtools: the network and CPU really slowed while the page loads, instead of
// Lighthouse's simulation from an unthrottled load. The simulation cannot see a first paint that
// comes before the scripts (the HTML's first screen): unthrottled, the scripts are in before any
// frame is painted, so it counts them in the first paint's path.
const THROTTLING = process.env.BENCH_WEB_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
const LHR_DIR = process.env.BENCH_WEB_LHR_DIR;
// BENCH_WEB_PIXELS=1: the owner has set a Meta pixel id and a TikTok pixel code (no tokens), as a
// shop running ads has; the pages carry them and set the pixels' queues up (their scripts wait for
// a first interaction, which Lighthouse does not make). The report is printed, not written.
const PIXELS = process.env.BENCH_WEB_PIXELS === '1';
const ADMIN_PASSWORD = 'bench-password-123';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const kb = (n: number) => (n / 1024).toFixed(1);

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

function sizesOf(files: string[]): Sizes {
  const total: Sizes = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const data = fs.readFileSync(file);
    total.raw += data.length;
    total.gzip += zlib.gzipSync(data, { level: 9 }).length;
    total.brotli += zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
  }
  return total;
}

/** The JS and CSS files of the build a first visit of `url` fetches, as seen by Chromium. */
async function firstLoadFiles(baseUrl: string, url: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.slice(1) });
  try {
    const page = await browser.newPage();
    const fetched = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === baseUrl && /\.(js|css)$/.test(url.pathname)) fetched.add(url.pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return [...fetched].map((p) => path.join(dist, p)).filter((f) => fs.existsSync(f));
  } finally {
    await browser.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** First contentful paint: when the screen stops being blank. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/**
 * One Lighthouse run; a run whose trace Lighthouse could not read (a runtime error such as
 * NO_NAVSTART, seen on a loaded machine) is run again, up to three times, instead of counting 0.
 */
async function lighthouseRun(url: string, name: string): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseAttempt(url, name);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt >= 3) throw error;
      console.log(`${name}: ${error.message}, running again`);
    }
  }
}

class LighthouseRunError extends Error {}

async function lighthouseAttempt(url: string, name: string): Promise<Scores> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      throttlingMethod: THROTTLING,
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (result.lhr.runtimeError) throw new LighthouseRunError(`Lighthouse ${result.lhr.runtimeError.code}`);
    const { categories, audits } = result.lhr;
    if (LHR_DIR) {
      fs.mkdirSync(LHR_DIR, { recursive: true });
      fs.writeFileSync(path.join(LHR_DIR, `${name}-${Date.now()}.json`), JSON.stringify(result.lhr));
    }
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: audits['first-contentful-paint']?.numericValue ?? 0,
      lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
      tbt: audits['total-blocking-time']?.numericValue ?? 0,
      cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
    };
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  if (!process.env.BENCH_WEB_SKIP_BUILD) {
    execFileSync('npm', ['run', 'build', '--workspace', '@shop/web'], { cwd: root, stdio: 'inherit' });
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-web-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(tmp, 'shop.db')}`,
      DATA_DIR: tmp,
      UPLOADS_DIR: path.join(tmp, 'uploads'),
      SEED_DEMO: 'true',
      // As a deployed shop is configured: canonical links and the sitemap line are absolute.
      PUBLIC_BASE_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitFor(`${baseUrl}/api/settings`, server);
    if (PIXELS) await setPixels(baseUrl);
    const latest = (await (await fetch(`${baseUrl}/api/product/getLatest`)).json()) as { data: { id: number }[] };
    const productId = latest.data[0]?.id ?? 1;
    const pages = [
      { name: 'home', url: `${baseUrl}/` },
      { name: 'shop', url: `${baseUrl}/Shop` },
      { name: 'product', url: `${baseUrl}/product/${productId}` },
      { name: 'tracking', url: `${baseUrl}/suivi` },
      // The Arabic storefront: its own catalogue chunk, right to left.
      { name: 'ar-home', url: `${baseUrl}/ar` },
      { name: 'ar-shop', url: `${baseUrl}/ar/Shop` },
      { name: 'ar-product', url: `${baseUrl}/ar/product/${productId}` },
    ].filter((page) => !PAGES || PAGES.includes(page.name));
    const sizeRows: string[] = [];
    for (const page of pages) {
      const files = await firstLoadFiles(baseUrl, page.url);
      const js = sizesOf(files.filter((f) => f.endsWith('.js')));
      const css = sizesOf(files.filter((f) => f.endsWith('.css')));
      sizeRows.push(
        `| ${page.name} | ${files.filter((f) => f.endsWith('.js')).length} | ${kb(js.raw)} | ${kb(js.gzip)} | ${kb(js.brotli)} | ${kb(css.gzip)} |`,
      );
    }
    const rows: string[] = [];
    for (const page of pages) {
      const runs: Scores[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await lighthouseRun(page.url, page.name));
        console.log(`${page.name} run ${i + 1}/${RUNS}: performance ${runs.at(-1)?.performance}`);
      }
      const m = (key: keyof Scores) => median(runs.map((r) => r[key]));
      rows.push(
        `| ${page.name} | ${m('performance')} | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ${(m('fcp') / 1000).toFixed(2)} s | ${(m('lcp') / 1000).toFixed(2)} s | ${m('tbt').toFixed(0)} ms | ${m('cls').toFixed(3)} |`,
      );
    }
    const report = [
      `Run of ${new Date().toISOString()}, ${os.cpus().length} CPUs, Chromium ${CHROME_PATH}; Lighthouse mobile preset (${THROTTLING === 'devtools' ? 'devtools' : 'simulated'} throttling), median of ${RUNS} runs${PIXELS ? '; with a Meta and a TikTok pixel set' : ''}.`,
      '',
      '| first load | JS files | JS raw (kB) | JS gzip (kB) | JS brotli (kB) | CSS gzip (kB) |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...sizeRows,
      '',
      ...(RUNS > 0
        ? [
            '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |',
            '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
            ...rows,
          ]
        : []),
    ].join('\n');
    console.log(`\n${report}\n`);
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    if (!PAGES && RUNS > 0 && !PIXELS) fs.writeFileSync(path.join(root, 'bench/results/web.md'), `${report}\n`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Signs in as the owner and sets the two pixel ids in the marketing settings. */
async function setPixels(baseUrl: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const platform = (pixel_id: string) => ({ pixel_id, test_event_code: '', purchase_stage: 'confirmed' });
  const res = await fetch(`${baseUrl}/api/marketing/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${data.token}` },
    body: JSON.stringify({ meta: platform('123456789012345'), tiktok: platform('CBENCH0TIKTOK0PIXEL') }),
  });
  if (!res.ok) throw new Error(`marketing settings: ${res.status} ${await res.text()}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
