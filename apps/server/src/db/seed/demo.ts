import type { Config } from '../../config.ts';
import type { Db } from '../connect.ts';

/** Adds the demo catalogue (DESIGN §3.12) when there are no products yet; true when it did. */
export function seedDemo(_db: Db, _config: Config): Promise<boolean> {
  return Promise.resolve(false);
}
