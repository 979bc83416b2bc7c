import { plainText } from '../fields.ts';
import { dataSubjectsMsg, SUBJECT_PLACE_LIST } from '../messages-data-subjects.ts';
import { readSubjectTerm, SUBJECT_SEARCH_KINDS, SUBJECT_TERM_MAX } from '../subject-match.ts';
import { z } from '../zod-setup.ts';

/**
 * POST /api/data-subjects/search, /export and /suppress: what the owner typed and how to read it.
 * Sent in the body, never in the address, so the term (an e-mail, a RUT, a name) stays out of the
 * access log. A term that cannot be searched (a RUT without its check digit…) is a 400 on `value`.
 */
export const SubjectQuerySchema = z
  .object({
    by: z.enum(SUBJECT_SEARCH_KINDS, { error: 'Elija buscar por correo, RUT o nombre' }),
    // A bound before reading (readSubjectTerm collapses spaces, then allows SUBJECT_TERM_MAX characters).
    value: plainText(dataSubjectsMsg.termRequired).max(500, dataSubjectsMsg.termTooLong(SUBJECT_TERM_MAX)),
  })
  .superRefine((query, context) => {
    const read = readSubjectTerm(query.by, query.value);
    if (!read.ok) context.addIssue({ code: 'custom', path: ['value'], message: read.message });
  });
export type SubjectQuery = z.input<typeof SubjectQuerySchema>;

export const SubjectPlaceSchema = z.enum(SUBJECT_PLACE_LIST as [string, ...string[]]);

/** One line of a place: what it is, a short excerpt, when, and the screen where it lives. */
export const SubjectHitSchema = z.object({
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  at: z.string().nullable(),
  link: z.string(),
});
export type SubjectHit = z.infer<typeof SubjectHitSchema>;

/** A place searched: how many records name the person there, and the first few of them. */
export const SubjectPlaceResultSchema = z.object({
  place: SubjectPlaceSchema,
  label: z.string(),
  count: z.number().int(),
  /** More rows than `count`: the search stops counting at 1,000 (a term that broad names no one person). */
  more: z.boolean(),
  hits: z.array(SubjectHitSchema),
});
export type SubjectPlaceResult = z.infer<typeof SubjectPlaceResultSchema>;

/** A user account the search found, and whether it may be suppressed (a client) or why not. */
export const SubjectAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['owner', 'collaborator', 'client']),
  suppressed: z.boolean(),
});

export const SubjectSearchResultSchema = z.object({
  count: z.number().int(),
  /** Some place counted past 1,000: `count` is a floor. */
  more: z.boolean(),
  places: z.array(SubjectPlaceResultSchema),
  accounts: z.array(SubjectAccountSchema),
  /** The accounts' own e-mail and name were searched too (the search named an account). */
  widened: z.boolean(),
  /** Why 'Suprimir' would be refused (a staff member, the last owner, several accounts), or null. */
  suppressRefusal: z.string().nullable(),
});
export type SubjectSearchResult = z.infer<typeof SubjectSearchResultSchema>;

/** One line of a suppression's account: what, how many, and (for what was kept) why. */
export const SuppressionLineSchema = z.object({
  what: z.string(),
  count: z.number().int(),
  reason: z.string(),
});
export type SuppressionLine = z.infer<typeof SuppressionLineSchema>;

export const SubjectSuppressedSchema = z.object({
  message: z.string(),
  pseudonym: z.string(),
  removed: z.array(SuppressionLineSchema),
  kept: z.array(SuppressionLineSchema),
});
export type SubjectSuppressed = z.infer<typeof SubjectSuppressedSchema>;
