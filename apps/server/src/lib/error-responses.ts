import { ApiErrorSchema } from '@app/shared/errors';

/** The error answers any endpoint may give (`{ message, errors? }`), for response serialisation and OpenAPI. */
export const errorResponses = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
};
