import type {
  BusinessInTaskAllResponseSchema,
  BusinessInTaskResponseSchema,
  TaskResponseSchema,
} from '@app/shared/schemas/tasks';
import type { z } from 'zod';

/** The answers of the task writes, read off the shared schemas (which export no type for them). */
export type TaskResponse = z.infer<typeof TaskResponseSchema>;
export type BusinessInTaskResponse = z.infer<typeof BusinessInTaskResponseSchema>;
export type BusinessInTaskAllResponse = z.infer<typeof BusinessInTaskAllResponseSchema>;
