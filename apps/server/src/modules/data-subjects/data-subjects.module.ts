import type { FastifyInstance } from 'fastify';
import { dataSubjectsRoutes } from './data-subjects.routes.ts';
import { createDataSubjectsService, type DataSubjectsDeps } from './data-subjects.service.ts';

export type DataSubjectsModuleDeps = DataSubjectsDeps;

/**
 * A data subject's rights (Ley 21.719): finds a person across the other modules' records, exports
 * them, and suppresses them, through the functions those modules hand over (compose-modules.ts).
 */
export function createDataSubjectsModule(deps: DataSubjectsModuleDeps) {
  const subjects = createDataSubjectsService(deps);
  return {
    ...subjects,
    routes: (app: FastifyInstance) => app.register(dataSubjectsRoutes, { subjects }),
  };
}
