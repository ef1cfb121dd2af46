import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@/db/types';

/** A ledger row's figures as numbers (PostgreSQL answers bigints as strings). */
export interface LedgerFigures {
  used: number;
  reserved: number;
  /** The config's capacity in bytes; null when it has none. */
  capacity: number | null;
  reconciledAt: string | null;
}

/** `value - amount`, never below 0: a figure out of step must not go negative. */
function lessNotBelowZero(column: 'used_bytes' | 'reserved_bytes', amount: number) {
  return sql<number>`CASE WHEN ${sql.ref(column)} > ${amount} THEN ${sql.ref(column)} - ${amount} ELSE 0 END`;
}

/**
 * SQL of the capacity ledger (storage_usage, migration 011), one query a method. Every
 * change is one statement on the config's row, so parallel writers on any instance see
 * each other's reservations at once.
 */
export class LedgerRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /** Adds the row of a config that has none yet (a config made after migration 011). */
  async ensureRow(configId: string): Promise<void> {
    await this.db
      .insertInto('storage_usage')
      .values({ config_id: configId, used_bytes: 0, reserved_bytes: 0, reconciled_at: null })
      .onConflict((oc) => oc.column('config_id').doNothing())
      .execute();
  }

  /**
   * Adds `bytes` to the reservations when they fit under the capacity, in one conditional
   * UPDATE; 0 rows means refused (or no row yet). A config without a capacity (NULL or 0)
   * never refuses, nor does a write of 0 bytes.
   */
  async reserve(configId: string, bytes: number): Promise<boolean> {
    const capacity = sql<
      number | null
    >`(SELECT c.total_storage_bytes FROM storage_configs c WHERE c.id = ${configId})`;
    const result = await this.db
      .updateTable('storage_usage')
      .set({ reserved_bytes: sql<number>`reserved_bytes + ${bytes}` })
      .where('config_id', '=', configId)
      .where(
        sql<boolean>`(CAST(${bytes} AS bigint) <= 0 OR COALESCE(${capacity}, 0) <= 0 OR used_bytes + reserved_bytes + ${bytes} <= ${capacity})`,
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A finished write: used moves by written − replaced, its reservation goes, at once. */
  async settle(configId: string, reserved: number, delta: number): Promise<void> {
    await this.db
      .updateTable('storage_usage')
      .set({
        used_bytes:
          delta >= 0 ? sql<number>`used_bytes + ${delta}` : lessNotBelowZero('used_bytes', -delta),
        reserved_bytes: lessNotBelowZero('reserved_bytes', reserved),
      })
      .where('config_id', '=', configId)
      .execute();
  }

  /** A deleted object's bytes, given back (never below 0). */
  async giveBack(configId: string, bytes: number): Promise<void> {
    await this.db
      .updateTable('storage_usage')
      .set({ used_bytes: lessNotBelowZero('used_bytes', bytes) })
      .where('config_id', '=', configId)
      .execute();
  }

  /** The used figure a listing of the storage found; reservations stay as they are. */
  async setUsed(configId: string, used: number, reconciledAt: string): Promise<void> {
    await this.db
      .updateTable('storage_usage')
      .set({ used_bytes: used, reconciled_at: reconciledAt })
      .where('config_id', '=', configId)
      .execute();
  }

  /** One config's figures with its capacity; undefined when the config has no row. */
  async figures(configId: string): Promise<LedgerFigures | undefined> {
    const row = await this.db
      .selectFrom('storage_usage as u')
      .innerJoin('storage_configs as c', 'c.id', 'u.config_id')
      .select(['u.used_bytes', 'u.reserved_bytes', 'u.reconciled_at', 'c.total_storage_bytes'])
      .where('u.config_id', '=', configId)
      .executeTakeFirst();
    return row ? figuresOf(row) : undefined;
  }

  /** used + reserved of every config that has a row. */
  async all(): Promise<Map<string, LedgerFigures>> {
    const rows = await this.db
      .selectFrom('storage_usage as u')
      .innerJoin('storage_configs as c', 'c.id', 'u.config_id')
      .select([
        'u.config_id',
        'u.used_bytes',
        'u.reserved_bytes',
        'u.reconciled_at',
        'c.total_storage_bytes',
      ])
      .execute();
    return new Map(rows.map((row) => [row.config_id, figuresOf(row)]));
  }

  /** Configs whose used figure no listing set since `before` (or ever), oldest first. */
  async staleConfigs(before: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('storage_configs as c')
      .leftJoin('storage_usage as u', 'u.config_id', 'c.id')
      .select('c.id')
      .where((eb) => eb.or([eb('u.reconciled_at', 'is', null), eb('u.reconciled_at', '<', before)]))
      .orderBy('u.reconciled_at', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }
}

function figuresOf(row: {
  used_bytes: number | string;
  reserved_bytes: number | string;
  reconciled_at: string | null;
  total_storage_bytes: number | string | null;
}): LedgerFigures {
  const capacity = Number(row.total_storage_bytes ?? 0);
  return {
    used: Number(row.used_bytes),
    reserved: Number(row.reserved_bytes),
    capacity: capacity > 0 ? capacity : null,
    reconciledAt: row.reconciled_at,
  };
}
