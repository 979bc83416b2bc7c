import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firmIdentity } from './firm.tables.ts';

/** The row without the logo's bytes: what the settings screen and most readers need. */
const SUMMARY = {
  name: firmIdentity.name,
  rut: firmIdentity.rut,
  address: firmIdentity.address,
  logoType: firmIdentity.logoType,
  logoSize: sql<number | null>`octet_length(${firmIdentity.logo})`.mapWith((value) =>
    value === null ? null : Number(value),
  ),
  monthlyReportDay: firmIdentity.monthlyReportDay,
  updatedAt: firmIdentity.updatedAt,
};

export type FirmRow = {
  name: string;
  rut: string;
  address: string;
  logoType: string | null;
  logoSize: number | null;
  monthlyReportDay: number | null;
  /** null while never saved. */
  updatedAt: Date | null;
};

const EMPTY: FirmRow = {
  name: '',
  rut: '',
  address: '',
  logoType: null,
  logoSize: null,
  monthlyReportDay: null,
  updatedAt: null,
};

export const firmRepository = {
  /** The one row (the defaults while never saved), without the logo's bytes. */
  async get(db: DbOrTx): Promise<FirmRow> {
    const [row] = await db.select(SUMMARY).from(firmIdentity).where(eq(firmIdentity.id, 1));
    return row ?? EMPTY;
  },

  /** The same, locked until the transaction ends (a change compares it with what it writes). */
  async lock(db: DbOrTx): Promise<FirmRow> {
    const [row] = await db.select(SUMMARY).from(firmIdentity).where(eq(firmIdentity.id, 1)).for('update');
    return row ?? EMPTY;
  },

  /** The identity with the logo's bytes (the PDFs draw it). */
  async identity(db: DbOrTx) {
    const [row] = await db
      .select({
        name: firmIdentity.name,
        rut: firmIdentity.rut,
        address: firmIdentity.address,
        logo: firmIdentity.logo,
      })
      .from(firmIdentity)
      .where(eq(firmIdentity.id, 1));
    return row ?? { name: '', rut: '', address: '', logo: null };
  },

  async logo(db: DbOrTx): Promise<{ bytes: Buffer; contentType: string } | null> {
    const [row] = await db
      .select({ bytes: firmIdentity.logo, contentType: firmIdentity.logoType })
      .from(firmIdentity)
      .where(eq(firmIdentity.id, 1));
    return row?.bytes && row.contentType ? { bytes: row.bytes, contentType: row.contentType } : null;
  },

  /** Writes these columns of the one row (made with the defaults the first time). */
  async save(
    db: DbOrTx,
    values: Partial<
      Pick<typeof firmIdentity.$inferInsert, 'name' | 'rut' | 'address' | 'logo' | 'logoType' | 'monthlyReportDay'>
    > & {
      updatedBy: number | null;
    },
  ): Promise<void> {
    const set = { ...values, updatedAt: new Date() };
    await db
      .insert(firmIdentity)
      .values({ id: 1, ...set })
      .onConflictDoUpdate({ target: firmIdentity.id, set });
  },
};
