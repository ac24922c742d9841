// Ratings shown to customers and the owner (SPEC §9): one decimal, 0 when there is none.

/** The average of `count` ratings summing to `sum`, rounded to one decimal; 0 without ratings. */
export function averageRating(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : 0;
}
