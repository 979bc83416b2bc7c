import { z } from '../zod-setup.ts';

/** One of the signed-in user's sessions, as 'Mi perfil' lists them (GET /api/profile/sessions). */
export const SessionSummarySchema = z.object({
  /** Opaque: used only to end this session (DELETE /api/profile/sessions/:id). */
  id: z.string(),
  /** 'Chrome en Windows', from the user agent; 'Dispositivo desconocido' without one. */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

export const SessionIdParamsSchema = z.object({ id: z.string().uuid({ message: 'La sesión no existe o ya terminó' }) });
