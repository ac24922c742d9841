// The cells of the files the owner opens in a spreadsheet: what each cell's text is.
import { describe, expect, it } from 'vitest';
import { csvCell, csvDateTime, csvPhone, csvStream, toCsv, type Cell } from './csv.ts';

describe('CSV cells', () => {
  it('write a phone grouped as Algerians write it, which a spreadsheet keeps as text with its 0', () => {
    expect(csvPhone('0661234567')).toBe('0661 23 45 67');
    expect(csvPhone('0555123456')).toBe('0555 12 34 56');
    expect(csvPhone('021234567')).toBe('021 23 45 67');
    // Not a stored Algerian number: as it is.
    expect(csvPhone('12')).toBe('12');
    expect(toCsv(['Phone'], [[csvPhone('0661234567')]])).toBe('\uFEFFPhone\r\n0661 23 45 67\r\n');
  });

  it('give times on the shop’s clock, not UTC', () => {
    expect(csvDateTime('2026-03-05T23:30:00.000Z', 'Africa/Algiers')).toBe('2026-03-06 00:30:00');
    expect(csvDateTime('2026-07-01 11:05:09', 'Africa/Algiers')).toBe('2026-07-01 12:05:09');
  });

  it('quote a cell holding a comma, which LibreOffice would otherwise split', () => {
    expect(csvCell('Cité 200 logements, bloc A')).toBe('"Cité 200 logements, bloc A"');
    expect(csvCell('1250,50')).toBe('"1250,50"');
  });

  it('keep a formula a customer typed as text', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell('+213661234567')).toBe("'+213661234567");
    expect(csvCell('\t0661234567')).toBe("'\t0661234567");
    expect(csvCell('-1+2')).toBe("'-1+2");
  });

  it('leave a negative amount a number', () => {
    expect(csvCell('-100,50')).toBe('"-100,50"');
    expect(csvCell(-12)).toBe('-12');
  });
});

describe('a CSV stream', () => {
  it('writes the same bytes as the whole file, batch after batch', async () => {
    const rows: Cell[][] = [
      ['Éloïse; Benali', 12, null],
      ['=1+1', -100, true],
      ['ligne\ncoupée', '1250,50', undefined],
    ];
    async function* batches() {
      for (const batch of [rows.slice(0, 2), [], rows.slice(2)]) yield await Promise.resolve(batch);
    }
    const stream = await csvStream(['Nom', 'Montant', 'Autre'], batches());
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text).toBe(toCsv(['Nom', 'Montant', 'Autre'], rows));
  });
});
