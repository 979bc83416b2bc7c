import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { dataProtectionRoutes } from './data-protection.routes.ts';
import { createDataProtectionService, type DataProtectionDeps } from './data-protection.service.ts';
import { createRetentionService, type RetentionDeps } from './retention.service.ts';

export interface DataProtectionModuleDeps extends DataProtectionDeps, Omit<RetentionDeps, 'findUser'> {
  db: Db;
}

/** How often the yearly retention proposal is looked for (it is made once, from 2 January). */
const YEARLY_PROPOSAL_EVERY_MS = 60 * 60_000;

/**
 * 'Protección de datos' (Ley 21.719): the requests people make over their personal data and their
 * terms, the register of security incidents, the privacy notice's versions and acknowledgements,
 * document retention with legal holds and the deletion proposals, and the activity log's retention.
 */
export function createDataProtectionModule(deps: DataProtectionModuleDeps) {
  const dataProtection = createDataProtectionService(deps.db, deps);
  const retention = createRetentionService(deps.db, deps);
  const yearlyProposal: ScheduledJob = {
    name: 'retention-proposal',
    everyMs: YEARLY_PROPOSAL_EVERY_MS,
    async run(now) {
      await retention.computeScheduled(now);
    },
  };
  return {
    /** The morning digest: each owner's open requests due within the week or overdue. */
    rightsDueFor: dataProtection.rightsDueFor,
    /** The demo and tests register, publish and compute under the API's rules. */
    createRequest: dataProtection.createRequest,
    createIncident: dataProtection.createIncident,
    noticeAdmin: dataProtection.noticeAdmin,
    publishNotice: dataProtection.publishNotice,
    setHold: retention.setHold,
    computeScheduled: retention.computeScheduled,
    routes: (app: FastifyInstance) => app.register(dataProtectionRoutes, { dataProtection, retention }),
    jobs: [yearlyProposal],
  };
}
