import { servicesMsg } from '../messages-services.ts';
import { CATALOGUE_KEYS } from '../tax-catalogue.ts';
import { z } from '../zod-setup.ts';

/**
 * An entry of the tax catalogue as the owner sees it in 'Cargar obligaciones del SII': 'new' (not
 * loaded), 'loaded' (the service is identical), 'changed' (the firm changed it: `differences` field by
 * field) or 'name-taken' (a service of the firm's own, without the key, already has its name).
 */
export const CatalogueEntryStatusSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  sourceUrl: z.string(),
  legalBasis: z.string(),
  kind: z.enum(['monthly', 'annual']),
  status: z.enum(['new', 'loaded', 'changed', 'name-taken']),
  /** The loaded service (or the one holding the name), null when new. */
  serviceId: z.number().int().nullable(),
  differences: z.array(z.object({ field: z.string(), catalogue: z.string(), firm: z.string() })),
});
export type CatalogueEntryStatus = z.infer<typeof CatalogueEntryStatusSchema>;

/** GET /api/service/catalogue. */
export const CatalogueListSchema = z.object({ entries: z.array(CatalogueEntryStatusSchema) });
export type CatalogueList = z.infer<typeof CatalogueListSchema>;

const catalogueKey = z
  .string({ error: servicesMsg.catalogueUnknownKey })
  .refine((key) => CATALOGUE_KEYS.includes(key), {
    message: servicesMsg.catalogueUnknownKey,
  });

/** POST /api/service/catalogue/load: the entries to load (each created once; a loaded one is left as it is). */
export const CatalogueLoadSchema = z.object({
  keys: z
    .array(catalogueKey, { error: servicesMsg.catalogueNothingChosen })
    .min(1, servicesMsg.catalogueNothingChosen)
    .max(CATALOGUE_KEYS.length * 2, servicesMsg.catalogueNothingChosen),
});
export type CatalogueLoad = z.input<typeof CatalogueLoadSchema>;

/** Its answer: the keys created now, those left as they were (and why), and every entry's status after. */
export const CatalogueLoadResponseSchema = z.object({
  message: z.string(),
  created: z.array(z.string()),
  skipped: z.array(z.object({ key: z.string(), reason: z.string() })),
  entries: z.array(CatalogueEntryStatusSchema),
});
export type CatalogueLoadResponse = z.infer<typeof CatalogueLoadResponseSchema>;
