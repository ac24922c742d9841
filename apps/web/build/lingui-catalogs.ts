// Compiles the storefront's message catalogues (src/storefront/i18n/locales/<lang>.json, ICU
// MessageFormat) with Lingui's own compiler at build time, so the browser gets ready messages and
// no message parser (docs/decisions/012). `import { messages } from 'virtual:catalog/ar'`.
import fs from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:catalog/';
const RESOLVED = '\0' + PREFIX;

export function linguiCatalogs(localesDir: string): Plugin {
  return {
    name: 'shop-lingui-catalogs',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const lang = id.slice(RESOLVED.length);
      if (!/^[a-z]{2}$/.test(lang)) throw new Error(`unknown catalogue ${lang}`);
      const file = path.join(localesDir, `${lang}.json`);
      this.addWatchFile(file);
      const source = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(source).map(([key, message]) => [key, compileMessage(message)]),
      );
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
