// The owner's stock edits (DESIGN §7.1): a figure is changed against the figure the owner saw,
// never written as an absolute number read earlier, so that units sold while a form was open are
// not put back. One rule for every stock grid: a product's sizes or its one stock today, its
// colour × size variants later; a cell is named by a string ('M', or '' for a product's own stock).

/** One figure the owner changed: what the form was opened with, and what they typed. */
export interface StockEdit {
  cell: string;
  seen: number;
  stock: number;
}

/** A figure that moved since the owner saw it (an order took or gave units back). */
export interface MovedCell {
  cell: string;
  seen: number;
  current: number;
}

export type StockEditOutcome =
  { kind: 'apply'; writes: { cell: string; stock: number }[] } | { kind: 'moved'; moved: MovedCell[] };

/**
 * The server's half, against the figures read (and locked) in its transaction: every edit applies
 * only if its cell still holds what the owner saw (a cell without a row holds 0); if any moved,
 * none applies and the moved ones are named. Edits that change nothing write nothing.
 */
export function applyStockEdits(current: ReadonlyMap<string, number>, edits: readonly StockEdit[]): StockEditOutcome {
  const moved = edits.flatMap((edit) => {
    const now = current.get(edit.cell) ?? 0;
    return now === edit.seen ? [] : [{ cell: edit.cell, seen: edit.seen, current: now }];
  });
  if (moved.length > 0) return { kind: 'moved', moved };
  return {
    kind: 'apply',
    writes: edits
      .filter((edit) => edit.stock !== (current.get(edit.cell) ?? 0))
      .map((edit) => ({ cell: edit.cell, stock: edit.stock })),
  };
}

/** The form's half: an edit for each cell whose typed figure differs from the one it opened with. */
export function stockEditsOf(
  seen: Readonly<Record<string, number>>,
  typed: Readonly<Record<string, number | undefined>>,
): StockEdit[] {
  return Object.entries(typed).flatMap(([cell, stock]) => {
    const was = seen[cell] ?? 0;
    return stock === undefined || stock === was ? [] : [{ cell, seen: was, stock }];
  });
}
