import { ApiErrorSchema } from '@app/shared/errors';
import { z } from 'zod';

/** The error answers every services endpoint may give. */
export const serviceErrors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

export const ServiceIdParamSchema = z.object({ serviceId: z.coerce.number().int().positive() });
