import type { Permission } from '@app/shared/permissions';
import type { FastifyInstance } from 'fastify';
import type { LiveRooms } from '../plugins/realtime.ts';
import type { ScheduledJob } from './scheduler/scheduler.ts';

/**
 * What a module adds to the app, in the same shape for every module. Its factory answers these parts
 * beside its named functions (which compose-modules.ts hands to the modules built after it), and
 * app.ts goes through the list of modules once: it registers each one's routes in the list's order,
 * opens its live room, hands its jobs to the scheduler and waits for its work in flight on close.
 */
export interface ModuleParts {
  /** Its HTTP routes. */
  routes?(app: FastifyInstance): PromiseLike<unknown>;
  /** The room of the permission that reads its live changes, and the subscription that sends them there. */
  live?: { room: Permission; goLive(live: LiveRooms): void };
  /** Its background work: the scheduler runs each job at its ticks (or at the job's own interval). */
  jobs?: readonly ScheduledJob[];
  /** Finishes its work in flight (mails being sent, background writes) before the database closes. */
  settle?(): Promise<unknown>;
}
