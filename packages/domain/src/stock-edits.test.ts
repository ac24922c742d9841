import { describe, expect, it } from 'vitest';
import { applyStockEdits, stockEditsOf } from './stock-edits.ts';

describe('stock edits against what the owner saw', () => {
  it('applies the figures whose cells still hold what was seen, and writes only real changes', () => {
    const current = new Map([
      ['S', 2],
      ['M', 15],
    ]);
    expect(
      applyStockEdits(current, [
        { cell: 'M', seen: 15, stock: 20 },
        { cell: 'S', seen: 2, stock: 2 },
        { cell: 'L', seen: 0, stock: 4 },
      ]),
    ).toEqual({
      kind: 'apply',
      writes: [
        { cell: 'M', stock: 20 },
        { cell: 'L', stock: 4 },
      ],
    });
  });

  it('refuses every edit when one cell moved, naming what moved and what it holds now', () => {
    const current = new Map([
      ['S', 2],
      ['M', 12],
    ]);
    expect(
      applyStockEdits(current, [
        { cell: 'S', seen: 2, stock: 5 },
        { cell: 'M', seen: 15, stock: 20 },
      ]),
    ).toEqual({ kind: 'moved', moved: [{ cell: 'M', seen: 15, current: 12 }] });
  });

  it('the form sends an edit only for the figures the owner changed', () => {
    expect(stockEditsOf({ S: 2, M: 15, L: 0 }, { S: 2, M: 20, L: 0, XL: 3 })).toEqual([
      { cell: 'M', seen: 15, stock: 20 },
      { cell: 'XL', seen: 0, stock: 3 },
    ]);
    expect(stockEditsOf({ '': 8 }, { '': 8 })).toEqual([]);
  });
});
