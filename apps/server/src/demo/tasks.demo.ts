import { currentPeriod } from '@app/shared/period';
import { TASK_STATES, type TaskState } from '@app/shared/schemas/tasks';
import { SYSTEM_ACTOR } from '../lib/activity-actor.ts';
import type { AuthUser } from '../lib/auth-user.ts';
import { noise, periodsUpTo } from './demo-periods.ts';
import type { DemoServices } from './demo-services.ts';

const MONTHS_OF_HISTORY = 6;

/** The firm's recurring internal tasks, each with a demo responsible (by e-mail) and its due day. */
const DEMO_TASKS = [
  { name: 'Conciliación bancaria', responsible: 'javier@estudio.cl', expirationDate: 10, showInSummary: true },
  { name: 'Libro de remuneraciones', responsible: 'valentina@estudio.cl', expirationDate: 5, showInSummary: true },
  {
    name: 'Revisión de boletas de honorarios',
    responsible: 'matias@estudio.cl',
    expirationDate: 15,
    showInSummary: true,
  },
  { name: 'Respaldo de documentos', responsible: 'javier@estudio.cl', expirationDate: 25, showInSummary: false },
  { name: 'Informe al cliente', responsible: 'carolina@estudio.cl', expirationDate: 28, showInSummary: true },
] as const;

const FOLIO_TASK = 'Revisión de boletas de honorarios';

/**
 * A handful of tasks spread over the demo staff, most companies in each, and states over the last
 * six months set by each task's responsible through the board's own service (history included).
 */
export async function seedDemoTasks(features: DemoServices): Promise<string> {
  const { tasks, taskBoard, users, businesses } = features;
  if ((await tasks.list()).length > 0) return 'Tareas: ya había tareas, sin cambios.';
  const staff = await users.listStaff();
  const companies = await businesses.list();
  let changes = 0;
  for (const [index, spec] of DEMO_TASKS.entries()) {
    const responsible = staff.find((user) => user.email === spec.responsible) ?? staff[0];
    if (!responsible) throw new Error('no hay usuarios del estudio');
    const task = await tasks.create(
      {
        name: spec.name,
        responsableCollaborator: responsible.id,
        expirationDate: spec.expirationDate,
        showInSummary: spec.showInSummary,
      },
      SYSTEM_ACTOR,
    );
    // Most companies take part; a few joined recently, a few not at all (their cells are 'N/A').
    for (const company of companies) {
      const roll = noise(company.id, task.id);
      if (roll < 0.12) continue;
      const startDate = roll < 0.2 ? currentStart() : index % 2 === 0 ? '2021-01-01' : '2022-06-01';
      await tasks.addBusiness(task.id, company.id, { startDate }, SYSTEM_ACTOR);
    }

    const actor: AuthUser = { id: responsible.id, role: responsible.role, businessId: null, sessionId: 'demo' };
    for (const [age, period] of periodsUpTo(currentPeriod(), MONTHS_OF_HISTORY).reverse().entries()) {
      const board = await taskBoard.getBoard(period);
      for (const row of board.rows) {
        const cell = row.taskStates.find((candidate) => candidate.taskId === task.id);
        if (!cell || cell.state === 'N/A') continue;
        // The current month about half done; older months nearly all finished.
        const roll = noise(row.id, task.id, period.year, period.month);
        const done = Math.min(0.95, 0.45 + age * 0.12);
        const state: TaskState = roll < done ? 'Terminado' : (TASK_STATES[Math.floor(roll * 2)] ?? 'En proceso');
        if (state === 'No comenzado') continue;
        const value = spec.name === FOLIO_TASK && state === 'Terminado' ? `${Math.round(roll * 40)} boletas` : '';
        await taskBoard.updateState(
          actor,
          period,
          { businessId: row.id, taskId: task.id },
          { state, value },
          SYSTEM_ACTOR,
        );
        changes += 1;
      }
    }
  }
  return `Tareas: ${DEMO_TASKS.length} tareas con ${changes} cambios de estado en ${MONTHS_OF_HISTORY} meses.`;
}

/** A start date inside the current period: the company joined the task this month. */
function currentStart(): string {
  const { year, month } = currentPeriod();
  return `${year}-${String(month).padStart(2, '0')}-01`;
}
