// The switch to a new division of the wilayas (DESIGN §7.3; docs/wilayas-2027.md), a step like a
// migration: run once per division, in one transaction, on the day it comes into force. Each
// wilaya the division creates gets a shipping row with the fees of the wilaya it was made from
// (home, stop desk, and the own fees of the communes it takes), marked provisional until the owner
// saves it. A row the shop already has for that wilaya (by number, or by name: one the owner added
// early) keeps what the owner set. The division is recorded first in that transaction, with a
// line per wilaya saying what was done, which the owner reads in Shipping Prices: a second start,
// or a second process reaching the date at the same moment, does nothing.
//
// When it runs: at start (onReady), and at the first request once the date has come (an onRequest
// hook compares the clock with the division in force, which costs a comparison), so a shop running
// through midnight on 31 December switches with the first customer or owner of 1 January, and a
// test moves the app's clock instead of waiting. No timer: nothing is offered to anyone before a
// request, and a request always finds the switch done.
import { communeKey, findCommune } from '@shop/domain/geo/communes';
import { DIVISION_IDS, wilayaOf, wilayasCreatedIn } from '@shop/domain/geo/wilayas';
import { toDa } from '@shop/domain/money';
import type { FastifyBaseLogger } from 'fastify';
import { wilayaKey } from '@shop/domain/wilaya';
import type { Database } from '../../db/database.ts';
import { divisionOf, type Division, type Geography } from './geography.ts';
import * as repo from './shipping.repository.ts';

const fees = (home: number, desk: number | null) =>
  `home ${toDa(home)} Da, ${desk === null ? 'no stop desk' : `stop desk ${toDa(desk)} Da`}`;
const named = (code: number) => `${code} ${wilayaOf(code)?.name ?? ''}`.trim();

/**
 * Switches the shop to the division: the new wilayas' rows, as the header says. Returns the lines
 * written to its log, or null when the division was switched to before.
 */
export async function switchDivision(db: Database, division: Division, now: Date): Promise<string[] | null> {
  const created = wilayasCreatedIn(division.id);
  if (created.length === 0) return null;
  return db.transaction().execute(async (trx) => {
    const first = await repo.recordDivisionSwitch(trx, {
      division: division.id,
      switched_at: now.toISOString(),
      log: '[]',
    });
    if (!first) return null;
    const rows = await repo.listShippingPrices(trx);
    const communeFees = await repo.listCommuneFees(trx);
    const lines: string[] = [];
    let added = 0;
    let kept = 0;
    for (const wilaya of created) {
      const own =
        rows.find((r) => r.wilaya_code === wilaya.code) ??
        rows.find((r) => wilayaKey(r.wilaya_name) === wilayaKey(wilaya.name));
      if (own) {
        if (own.wilaya_code === null) await repo.setWilayaCode(trx, own.id, wilaya.code);
        kept++;
        lines.push(
          `${named(wilaya.code)}: kept the fees already set (${fees(own.price_cents, own.stop_desk_price_cents)})`,
        );
        continue;
      }
      const mother = rows.find((r) => r.wilaya_code === wilaya.from);
      if (!mother || wilaya.from === null) {
        lines.push(
          `${named(wilaya.code)}: not added, the shipping table has no ${wilaya.from === null ? 'wilaya' : named(wilaya.from)} to copy fees from; add it in Shipping Prices to deliver there`,
        );
        continue;
      }
      const row = await repo.insertShippingPrice(trx, {
        wilaya_code: wilaya.code,
        wilaya_name: wilaya.name,
        price_cents: mother.price_cents,
        stop_desk_price_cents: mother.stop_desk_price_cents,
        provisional: 1,
      });
      // The mother's communes priced apart that are the new wilaya's now go with them.
      const communes = division.communes.wilayas.find((w) => w.code === wilaya.code)?.communes ?? [];
      const taken = communeFees.flatMap((fee) => {
        if (fee.shipping_price_id !== mother.id) return [];
        const commune = findCommune(communes, fee.commune_name);
        return commune
          ? [
              {
                commune_name: commune.name,
                price_cents: fee.price_cents,
                stop_desk_price_cents: fee.stop_desk_price_cents,
              },
            ]
          : [];
      });
      if (taken.length > 0) await repo.replaceCommuneFees(trx, row.id, taken);
      added++;
      lines.push(
        `${named(wilaya.code)}: added with the fees of ${named(wilaya.from)} (${fees(mother.price_cents, mother.stop_desk_price_cents)}` +
          (taken.length > 0
            ? `; ${taken.length} commune(s) priced apart: ${taken
                .map((c) => c.commune_name)
                .sort((a, b) => communeKey(a).localeCompare(communeKey(b)))
                .join(', ')}`
            : '') +
          '), provisional until saved',
      );
    }
    const log = [
      `${division.communes.wilayas.length} wilayas in force (${division.id}): ${added} wilaya(s) added with provisional fees, ${kept} kept as the owner set it, ${created.length - added - kept} not added`,
      ...lines,
    ];
    await repo.setDivisionSwitchLog(trx, division.id, JSON.stringify(log));
    return log;
  });
}

export interface DivisionSwitcher {
  /** Whether the division in force has not been switched to yet by this process (a comparison). */
  pending(): boolean;
  /** Makes sure the division in force (and those before it) has been switched to. */
  ensure(): Promise<void>;
}

/** After a failed switch, requests are answered without trying again for this long. */
export const SWITCH_RETRY_MS = 30_000;

/**
 * The switch of the app: each division at most once per process once done, concurrent first
 * requests waiting on the same run. A failure (the database out of reach) is logged and tried
 * again by a request SWITCH_RETRY_MS later, not by every request meanwhile.
 */
export function divisionSwitcher(db: Database, geography: Geography, log: FastifyBaseLogger): DivisionSwitcher {
  const done = new Set<string>();
  let failedAt = -Infinity;
  let queue: Promise<void> = Promise.resolve();
  async function run(id: string) {
    for (const earlier of DIVISION_IDS.slice(0, DIVISION_IDS.indexOf(id) + 1)) {
      if (done.has(earlier)) continue;
      const lines = await switchDivision(db, divisionOf(earlier), new Date(geography.now()));
      if (lines) log.info(`switched to the wilayas of ${earlier}: ${lines[0] ?? ''}`);
      done.add(earlier);
    }
  }
  return {
    pending: () => !done.has(geography.currentId()) && geography.now() - failedAt >= SWITCH_RETRY_MS,
    async ensure() {
      const id = geography.currentId();
      if (done.has(id)) return;
      // One run at a time; a run finds what an earlier one did and skips it.
      queue = queue
        .then(() => run(id))
        .catch((err: unknown) => {
          failedAt = geography.now();
          log.error({ err }, `could not switch to the wilayas of ${id}`);
        });
      await queue;
    },
  };
}
