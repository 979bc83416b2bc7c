import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Finding a data subject ('titular') in free text, the same way in every module that holds text
 * about people. Text is folded by the SQL function `subject_fold` (lower case, accents and 'ñ' off:
 * migration 0037) and split into words by PostgreSQL's full-text parser with the 'simple'
 * configuration (no language rules, e-mail addresses kept whole), so a GIN index over
 * `searchVector(column)` answers in milliseconds on both databases without an extension (PGlite
 * ships pg_trgm and unaccent only as add-ons loaded at start-up). An index and its query must use
 * the same expression: build both with `searchVector`.
 */

/** What names the person: e-mail addresses (lower case), names (every word must be there), RUT spellings. */
export interface SubjectMatch {
  emails: string[];
  names: string[];
  /** Every spelling searched: '12.345.678-5', '12345678-5', '123456785'. */
  ruts: string[];
  /** The user accounts found: their own messages, uploads and activity count as theirs. */
  userIds: number[];
}

/** The words of a text as the search indexes keep them. */
export const searchVector = (text: SQL | AnyColumn): SQL =>
  sql`to_tsvector('simple'::regconfig, subject_fold(${text}))`;

/** Several columns (any of them null) as one text for `searchVector`. */
export const joinedText = (...columns: (SQL | AnyColumn)[]): SQL =>
  sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || ' ' || `,
  );

/**
 * The query: an e-mail or a RUT spelling as a phrase (its parts in order), a name as all its words
 * in any order; null when there is nothing to look for in text.
 */
export function subjectQuery(match: SubjectMatch): SQL | null {
  const parts = [
    ...match.emails.map((email) => sql`phraseto_tsquery('simple'::regconfig, subject_fold(${email}))`),
    ...match.names.map((name) => sql`plainto_tsquery('simple'::regconfig, subject_fold(${name}))`),
    ...match.ruts.map((rut) => sql`phraseto_tsquery('simple'::regconfig, subject_fold(${rut}))`),
  ];
  return parts.length === 0 ? null : sql.join(parts, sql` || `);
}

/** The rows whose text (indexed as `searchVector(text)`) names the person; false when nothing is looked for. */
export function textMentions(text: SQL | AnyColumn, match: SubjectMatch): SQL {
  const query = subjectQuery(match);
  return query ? sql`${searchVector(text)} @@ (${query})` : sql`false`;
}

/** `column = any(ids)`, false for no ids. */
export function anyOf(column: AnyColumn, ids: readonly number[]): SQL {
  return ids.length === 0 ? sql`false` : sql`${column} = any(${sql.param([...ids])}::integer[])`;
}

/**
 * The ids of the rows matching any of `branches` (the person's own rows by id, the rows naming them
 * by their words), each branch a query of its own joined by `union`: one `a or b` over an
 * unanalysed table (PGlite never analyses by itself) makes the planner read every row and fold its
 * text, seconds on a large table, where each branch alone is an index lookup.
 */
function matchingIds(table: PgTable, id: AnyColumn, branches: SQL[]): SQL {
  const selects = branches.length === 0 ? [sql`false`] : branches;
  return sql.join(
    selects.map((where) => sql`select ${id} as id from ${table} where ${where}`),
    sql` union `,
  );
}

/** What runs a statement: a transaction or the database (typed here without the db floor above lib). */
interface Executes {
  execute(query: SQL): Promise<unknown>;
}

/**
 * The newest `limit` rows of a place (0: none, the count alone), counting at most `cap` rows when
 * given: past it the count answers `cap + 1` and the rows are the newest of the first `cap + 1`
 * found. A term that names thousands of rows is not one person; reading them all to say how many
 * would cost seconds (every matching row's page is read), so the search stops counting there.
 */
export interface NewestPage {
  limit: number;
  cap?: number;
}

/**
 * How many rows match and the ids of the newest of them, in one pass over the matching rows (found
 * through their indexes): the search's count and lines of a place.
 */
export async function newestMatching(
  db: Executes,
  table: PgTable,
  id: AnyColumn,
  branches: SQL[],
  page: NewestPage,
): Promise<{ count: number; ids: number[] }> {
  const bound = page.cap === undefined ? sql`` : sql`limit ${page.cap + 1}`;
  const result = (await db.execute(sql`
    select found.id, count(*) over () as total
      from (select matching.id from (${matchingIds(table, id, branches)}) matching ${bound}) found
     order by found.id desc
     limit ${Math.max(page.limit, 1)}`)) as { rows: { id: number | string; total: number | string }[] };
  return {
    count: Number(result.rows[0]?.total ?? 0),
    ids: page.limit > 0 ? result.rows.map((row) => Number(row.id)) : [],
  };
}

/** A page of a place's rows: the newest `limit` (the search's lines), or in id order after `afterId` (the export). */
export interface SubjectPage {
  limit: number;
  afterId?: number;
  newestFirst?: boolean;
}

/**
 * The ids of a page of the matching rows, read from the matches alone (their indexes), so that the
 * rows themselves are then fetched by id: asking for the rows whose id is among the matches let the
 * planner scan and hash the whole table (30–90 ms a page on 28,000 activity entries).
 */
export async function matchingPage(
  db: Executes,
  table: PgTable,
  id: AnyColumn,
  branches: SQL[],
  page: SubjectPage,
): Promise<number[]> {
  const after = page.afterId === undefined ? sql`` : sql`where matching.id > ${page.afterId}`;
  const result = (await db.execute(sql`
    select matching.id from (${matchingIds(table, id, branches)}) matching ${after}
     order by matching.id ${page.newestFirst ? sql`desc` : sql`asc`}
     limit ${page.limit}`)) as { rows: { id: number | string }[] };
  return result.rows.map((row) => Number(row.id));
}

/**
 * A place's two reads for 'Buscar titular', the same in every module that holds text about people:
 * a page of the rows naming the person (the export) and their count with the newest rows (the
 * search). Both find the ids through the indexes first, then read the rows by id with `rowsByIds`,
 * the owning module's select over its own table.
 */
export function subjectReads<Db extends Executes, Row>(
  table: PgTable,
  id: AnyColumn,
  about: (match: SubjectMatch) => SQL[],
  rowsByIds: (db: Db, ids: number[], newestFirst: boolean) => Promise<Row[]>,
) {
  return {
    async aboutSubject(db: Db, match: SubjectMatch, page: SubjectPage): Promise<Row[]> {
      const ids = await matchingPage(db, table, id, about(match), page);
      return ids.length === 0 ? [] : rowsByIds(db, ids, page.newestFirst === true);
    },
    /** How many rows name the person, and the newest `limit` of them (the search's count and lines). */
    async newestAboutSubject(db: Db, match: SubjectMatch, page: NewestPage): Promise<{ count: number; rows: Row[] }> {
      const { count, ids } = await newestMatching(db, table, id, about(match), page);
      return { count, rows: ids.length === 0 ? [] : await rowsByIds(db, ids, true) };
    },
  };
}

/** The characters `subject_fold` turns into plain letters, and what each becomes (migration 0037). */
export const FOLD_FROM = 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝý';
export const FOLD_TO = 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunnccyy';
