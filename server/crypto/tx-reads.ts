/**
 * Reading a transaction's receipt at most once per new block, whatever the number of status calls,
 * watcher rounds and processes asking (docs/crypto-pay.md, "What a status call costs the RPC").
 *
 * `crypto_tx_reads` keeps, per (chain, hash), the head block at which the hash was last read and
 * what that read found. A read first claims the current head for the hash (one conditional upsert:
 * it wins only if the hash was last read at an older head) and stores what the chain answered; a
 * caller that loses the claim uses the stored answer, or, while the winner's read is still out,
 * keeps what is recorded until its next call. Within one settlement a receipt is used again
 * (judging a hash, then counting its confirmations). A failed read gives the claim back.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/database';
import { cryptoTxReads } from '../db/schema';
import type { ChainReader, Hex, TransferLog, TxReceipt } from './chain-reader';

/** Another caller is reading it at this head right now: keep what is recorded. */
export const UNCHANGED = Symbol('being read at this head');
export type TxRead = TxReceipt | null | typeof UNCHANGED;

export interface TxReads {
  /** The chain's head these reads are made at. */
  readonly head: bigint;
  read(hash: Hex): Promise<TxRead>;
}

type Stored = { receipt: null } | { receipt: Record<string, unknown> };

const toJson = (receipt: TxReceipt | null): Stored =>
  receipt === null
    ? { receipt: null }
    : {
        receipt: {
          ...receipt,
          blockNumber: receipt.blockNumber.toString(),
          transfers: receipt.transfers.map((t) => ({
            ...t,
            amount: t.amount.toString(),
            blockNumber: t.blockNumber.toString(),
          })),
        },
      };

function fromJson(stored: Stored): TxReceipt | null {
  const r = stored.receipt as
    | (Omit<TxReceipt, 'blockNumber' | 'transfers'> & {
        blockNumber: string;
        transfers: (Omit<TransferLog, 'amount' | 'blockNumber'> & {
          amount: string;
          blockNumber: string;
        })[];
      })
    | null;
  if (r === null) return null;
  return {
    ...r,
    blockNumber: BigInt(r.blockNumber),
    transfers: r.transfers.map((t) => ({
      ...t,
      amount: BigInt(t.amount),
      blockNumber: BigInt(t.blockNumber),
    })),
  };
}

/** True when this call may read `hash` at `head`: nobody read it at this head or a later one. */
async function claimRead(db: Db, chainId: number, hash: Hex, head: bigint): Promise<boolean> {
  const claimed = await db.execute(sql`
    INSERT INTO crypto_tx_reads (chain_id, tx_hash, read_block, result, read_at)
    VALUES (${chainId}, ${hash}, ${Number(head)}, NULL, now())
    ON CONFLICT (chain_id, tx_hash) DO UPDATE
      SET read_block = EXCLUDED.read_block, result = NULL, read_at = EXCLUDED.read_at
      WHERE crypto_tx_reads.read_block < EXCLUDED.read_block
    RETURNING read_block`);
  return rowsOf(claimed).length > 0;
}

const rowOf = (chainId: number, hash: Hex, head: bigint) =>
  and(
    eq(cryptoTxReads.chainId, chainId),
    eq(cryptoTxReads.txHash, hash),
    eq(cryptoTxReads.readBlock, Number(head)),
  );

/** The reads of one settlement, at `head`. */
export function txReadsAt(db: Db, reader: ChainReader, head: bigint): TxReads {
  const memo = new Map<Hex, TxRead>();
  const { chainId } = reader;
  async function readOnce(hash: Hex): Promise<TxRead> {
    if (!(await claimRead(db, chainId, hash, head))) {
      const [row] = await db
        .select({ result: cryptoTxReads.result })
        .from(cryptoTxReads)
        .where(and(eq(cryptoTxReads.chainId, chainId), eq(cryptoTxReads.txHash, hash)));
      return row?.result ? fromJson(row.result as Stored) : UNCHANGED;
    }
    let receipt: TxReceipt | null;
    try {
      receipt = await reader.receipt(hash);
    } catch (error) {
      await db
        .update(cryptoTxReads)
        .set({ readBlock: Number(head) - 1 })
        .where(rowOf(chainId, hash, head));
      throw error;
    }
    await db
      .update(cryptoTxReads)
      .set({ result: toJson(receipt) })
      .where(rowOf(chainId, hash, head));
    return receipt;
  }
  return {
    head,
    async read(hash) {
      const known = memo.get(hash);
      if (known !== undefined) return known;
      const read = await readOnce(hash);
      memo.set(hash, read);
      return read;
    },
  };
}
