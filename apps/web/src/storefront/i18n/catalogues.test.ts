// Every storefront text exists in French and in Arabic, compiles, and names the same values:
// a key missing in either catalogue, or a translation that lost its {n}, fails here.
import { describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import fr from './locales/fr.json';
import ar from './locales/ar.json';

type Compiled = ReturnType<typeof compileMessage>;
const catalogues: Record<string, Record<string, string>> = { fr, ar };

/** The values a compiled message reads, and the plural categories it chooses among. */
function walk(message: Compiled, values: Set<string>, categories: Set<string>): void {
  if (!Array.isArray(message)) return;
  for (const part of message) {
    if (typeof part === 'string') continue;
    const [name, kind, options] = part as [string, string?, Record<string, Compiled>?];
    values.add(name);
    if (kind === 'plural' && options) {
      for (const [category, branch] of Object.entries(options)) {
        if (category === 'offset') continue;
        categories.add(category);
        walk(branch, values, categories);
      }
    } else if (options && typeof options === 'object') {
      for (const branch of Object.values(options)) walk(branch, values, categories);
    }
  }
}

function analyse(message: string) {
  const values = new Set<string>();
  const categories = new Set<string>();
  walk(compileMessage(message), values, categories);
  return { values: [...values].sort(), categories };
}

describe('storefront catalogues', () => {
  it('have the same keys in French and Arabic', () => {
    const frKeys = Object.keys(fr).sort();
    const arKeys = Object.keys(ar).sort();
    expect(
      frKeys.filter((key) => !arKeys.includes(key)),
      'missing in ar.json',
    ).toEqual([]);
    expect(
      arKeys.filter((key) => !frKeys.includes(key)),
      'missing in fr.json',
    ).toEqual([]);
  });

  it('have no empty text and no French left in the Arabic one', () => {
    for (const [lang, messages] of Object.entries(catalogues)) {
      for (const [key, message] of Object.entries(messages)) expect(message.trim(), `${lang} ${key}`).not.toBe('');
    }
    // An Arabic text has Arabic letters, except codes and numbers that read the same (CCP, 16000…).
    const untranslated = Object.entries(ar).filter(
      ([key, message]) =>
        !/[\u0600-\u06ff]/.test(message) &&
        message === fr[key as keyof typeof fr] &&
        /[a-zé]{4}/i.test(message.replace(/\{\w+\}/g, '')),
    );
    expect(untranslated.map(([key]) => key)).toEqual(['customOrder.payBaridimob']);
  });

  it('compile, and each translation uses the values of the French text', () => {
    for (const [key, message] of Object.entries(fr)) {
      const arabic = ar[key as keyof typeof ar];
      expect(analyse(arabic).values, key).toEqual(analyse(message).values);
    }
  });

  it('choose plurals among the categories of their language, always with "other"', () => {
    for (const [lang, messages] of Object.entries(catalogues)) {
      const allowed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
      for (const [key, message] of Object.entries(messages)) {
        const { categories } = analyse(message);
        if (categories.size === 0) continue;
        expect(categories.has('other'), `${lang} ${key}`).toBe(true);
        for (const category of categories) expect(allowed, `${lang} ${key}: ${category}`).toContain(category);
      }
    }
  });
});
