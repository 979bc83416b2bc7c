import { currentPeriod } from '@app/shared/period';
import { SYSTEM_ACTOR } from '../lib/activity-actor.ts';
import type { AuthUser } from '../lib/auth-user.ts';
import { noise, periodsUpTo } from './demo-periods.ts';
import type { DemoServices } from './demo-services.ts';

const MONTHS_OF_HISTORY = 12;

/**
 * The monthly board over the last twelve months, through the board's own service (so each change
 * is validated and kept in history like a person's): older months mostly finished, the current
 * one in progress, changes made by the demo staff in turn.
 */
export async function seedDemoMonthlyStates(features: DemoServices): Promise<string> {
  const { monthlyStates, users } = features;
  const latest = currentPeriod();
  const current = await monthlyStates.getBoard(latest);
  if (current.rows.some((row) => row.cells.some((cell) => cell.lastChange))) {
    return 'Vista mensual: ya tenía estados, sin cambios.';
  }
  const staff = (await users.listStaff()).map(
    (user): AuthUser => ({ id: user.id, role: user.role, businessId: null, sessionId: 'demo' }),
  );
  let changes = 0;
  const periods = periodsUpTo(latest, MONTHS_OF_HISTORY);
  for (const [age, period] of periods.reverse().entries()) {
    const board = await monthlyStates.getBoard(period);
    for (const row of board.rows) {
      for (const [column, cell] of row.cells.entries()) {
        const service = board.services[column];
        if (!cell.applies || !service || service.states.length < 2) continue;
        // The current month is a third done; a year ago nearly everything was finished.
        const done = Math.min(0.95, 0.35 + age * 0.08);
        const roll = noise(row.business.id, service.id, period.year, period.month);
        const target = roll < done ? service.states.length - 1 : Math.floor(roll * (service.states.length - 1));
        if (target === 0) continue;
        // Recent months go state by state (a history of several steps); older ones jump to the result.
        const steps = age < 2 ? service.states.slice(1, target + 1) : service.states.slice(target, target + 1);
        for (const [step, state] of steps.entries()) {
          const actor = staff[(row.business.id + step + age) % staff.length];
          if (!actor) continue;
          await monthlyStates.updateState(
            actor,
            period,
            {
              businessId: row.business.id,
              serviceId: service.id,
              stateId: state.id,
              optionalValue: state.hasValue ? Math.round(50_000 + roll * 2_950_000) : null,
            },
            SYSTEM_ACTOR,
          );
          changes += 1;
        }
      }
    }
  }
  return `Vista mensual: ${changes} cambios de estado en ${MONTHS_OF_HISTORY} meses, con su historial.`;
}
