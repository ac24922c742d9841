import { describe, expect, it } from 'vitest';
import { averageRating } from './ratings.ts';

describe('averageRating', () => {
  it('rounds to one decimal and is 0 without ratings', () => {
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(0, 0)).toBe(0);
  });
});
