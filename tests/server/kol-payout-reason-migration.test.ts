/**
 * Migration 0024_kol-payout-reason (docs/kol.md "Payout hashes"): a payout hash recorded before kept
 * why it was not verified as an English sentence at the end of its note; the migration turns that
 * sentence into the value the console words in the reader's language, and leaves the operator's own
 * words (and notes without a reason) as they were. On PGlite: the conversion is plain SQL.
 */
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payoutReasonInEnglish, type PayoutCheckReason } from '../../contract/kol';
import { openDatabase, rowsOf } from '../../server/db/database';
import { migrate, readMigrations } from '../../server/db/migrate';

/** Every reason, with the sentence an older row holds for it (the CLI's English still). */
const REASONS: PayoutCheckReason[] = [
  { code: 'not_read_here', network: 'tron' },
  { code: 'no_usdt', chainId: 137 },
  { code: 'chain_not_configured', chainId: 42161 },
  { code: 'no_verifier' },
  { code: 'reverted' },
  { code: 'no_transfer' },
  { code: 'too_small' },
  { code: 'unconfirmed', confirmations: 3, required: 12 },
  { code: 'not_found' },
  { code: 'unreachable' },
];

describe('migration 0024_kol-payout-reason', () => {
  it("turns each older note's English reason into its value and keeps the operator's words", async () => {
    const database = await openDatabase('memory://', tmpdir());
    try {
      const all = await readMigrations();
      const at = all.findIndex((m) => m.name === '0024_kol-payout-reason.sql');
      expect(at).toBeGreaterThan(0);
      await migrate(database.db, all.slice(0, at));
      const { db } = database;
      await db.execute(sql`SET session_replication_role = replica`);
      const notes = [
        ...REASONS.map((r) => payoutReasonInEnglish(r)),
        `paid from the cold wallet; ${payoutReasonInEnglish(REASONS[7]!)}`,
        'paid by hand; see ticket 42',
      ];
      for (const [i, note] of notes.entries()) {
        await db.execute(sql`
          INSERT INTO kol_settlements (kol_id, amount_cents, commission_count, period_from,
            period_to, requested_by, payout_network, payout_address, tx_hash, verification,
            verification_note)
          VALUES (1, 100, 1, now(), now(), 'kol', 'ethereum', '0xabc', ${`0x${i}`}, 'unverified',
            ${note})`);
        await db.execute(sql`
          INSERT INTO kol_payout_records (settlement_id, tx_hash, verification, note)
          VALUES (${i + 1}, ${`0x${i}`}, 'unverified', ${note})`);
      }
      await db.execute(sql`SET session_replication_role = origin`);
      await migrate(database.db, all);

      const settlements = rowsOf<{ note: string | null; reason: PayoutCheckReason | null }>(
        await db.execute(sql`SELECT verification_note AS note, verification_reason AS reason
          FROM kol_settlements ORDER BY id`),
      );
      const records = rowsOf<{ note: string; reason: PayoutCheckReason | null }>(
        await db.execute(sql`SELECT note, reason FROM kol_payout_records ORDER BY id`),
      );
      const expected = [
        ...REASONS.map((reason) => ({ note: null, reason })),
        { note: 'paid from the cold wallet', reason: REASONS[7] },
        { note: 'paid by hand; see ticket 42', reason: null },
      ];
      expect(settlements).toEqual(expected);
      expect(records).toEqual(expected.map((e) => ({ ...e, note: e.note ?? '' })));
    } finally {
      await database.close();
    }
  });
});
