import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { injectFirstScreen, readFirstScreens } from './first-screen.ts';

const HTML =
  '<body><div id="root"><!--first-screen--><header>Boutique FR <!--first-screen:shop--></header><!--/first-screen--></div><script type="module" src="/a.js"></script></body>';
const SCREENS = {
  fr: '<header><a aria-label="<!--first-screen:shop--> — Accueil"><!--first-screen:shop--></a><a href="<!--first-screen:other-language-->">العربية</a></header>',
  ar: '<header dir="rtl"><a><!--first-screen:shop--></a><a href="<!--first-screen:other-language-->">Français</a></header>',
};

describe('the first screen in a page', () => {
  it("writes the page's language, the shop's name (escaped) and the other language's address", () => {
    const fr = injectFirstScreen(HTML, SCREENS, 'fr', 'Dar "El" <Khiata>', '/ar/Shop');
    expect(fr).toBe(
      '<body><div id="root"><header><a aria-label="Dar &quot;El&quot; &lt;Khiata&gt; — Accueil">Dar &quot;El&quot; &lt;Khiata&gt;</a><a href="/ar/Shop">العربية</a></header></div><script type="module" src="/a.js"></script></body>',
    );
    const ar = injectFirstScreen(HTML, SCREENS, 'ar', 'Dar', '/Shop');
    expect(ar).toContain('<div id="root"><header dir="rtl"><a>Dar</a><a href="/Shop">Français</a></header></div>');
  });

  it('leaves the back office (its own layout) an empty root', () => {
    expect(injectFirstScreen(HTML, SCREENS, 'en', 'Dar', '/')).toContain('<div id="root"></div>');
  });

  it("keeps index.html's own shell without the build's file, and reads the file when there", () => {
    expect(injectFirstScreen(HTML, null, 'fr', 'Dar', '/ar')).toContain(
      '<div id="root"><header>Boutique FR Dar</header></div>',
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-screen-'));
    expect(readFirstScreens(dir)).toBeNull();
    fs.writeFileSync(path.join(dir, 'first-screen.json'), JSON.stringify(SCREENS));
    expect(readFirstScreens(dir)).toEqual(SCREENS);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
