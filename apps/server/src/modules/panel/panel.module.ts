import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { panelRoutes } from './panel.routes.ts';
import { createPanelService, type PanelDeps } from './panel.service.ts';

export interface PanelModuleDeps extends PanelDeps {
  db: Db;
}

/**
 * 'Panel': the firm at a glance in charts. No tables of its own: it counts the board's cells, the
 * document requests and the billing through the functions and SQL the other modules hand it.
 */
export function createPanelModule(deps: PanelModuleDeps) {
  const panel = createPanelService(deps.db, deps);
  return {
    routes: (app: FastifyInstance) => app.register(panelRoutes, { panel }),
  };
}
