import { type Period, santiagoDate } from '@app/shared/period';
import type { MonthlyBoard } from '@app/shared/schemas/monthly-states';
import type { TaskBoard, TaskCellState } from '@app/shared/schemas/tasks';
import type { Page } from '@playwright/test';

/** Company names as long as real ones ('… Sociedad Anónima'): the name column truncates them. */
const longCompanyName = (index: number) =>
  index === 0
    ? 'Sociedad Comercial e Inversiones Los Aromos del Valle Central Limitada'
    : `Empresa ${String(index + 1).padStart(3, '0')} Servicios Contables SpA`;

/** What a mocked board holds: how many companies, its columns (services or tasks), the companies' names. */
export interface MockBoardOptions {
  companies?: number;
  columns?: string[];
  companyName?: (index: number) => string;
}

/**
 * The monthly board of the demo's shape (three services with long state names unless other columns
 * are given), served for every month instead of the server's: the columns are the same whoever else
 * uses the server.
 */
export async function mockMonthlyBoard(
  page: Page,
  period: Period,
  {
    companies = 40,
    columns: names = ['IVA mensual (F29)', 'Remuneraciones (Previred)', 'Contabilidad'],
    companyName = longCompanyName,
  }: MockBoardOptions = {},
) {
  const stateNames = ['Pendiente', 'Liquidaciones emitidas', 'Declarado'];
  const services = names.map((name, index) => ({
    id: 950_000 + index,
    name,
    order: index,
    states: stateNames.map((stateName, order) => ({
      id: 960_000 + index * 10 + order,
      serviceId: 950_000 + index,
      name: stateName,
      color: ['#E74C3C', '#F1C40F', '#2ECC71'][order] ?? '#3498DB',
      order,
      pctProgress: order * 50,
      hasValue: false,
      showResume: order > 0,
    })),
  }));
  const rows = Array.from({ length: companies }, (_, index) => ({
    business: {
      id: 850_000 + index,
      name: companyName(index),
      rut: '12.345.678-5',
      contact: 'a@b.cl',
      responsibleUserId: null,
    },
    cells: services.map((service, column) => ({
      serviceId: service.id,
      applies: true,
      stateId: service.states[(index + column) % 3]?.id ?? null,
      value: null,
      lastChange: null,
      // No due day: no cell is marked, whatever the day the test runs.
      dueDate: null,
      overdue: false,
    })),
    progress: 100,
  }));
  await page.route('**/api/monthly-states/year/*/month/*', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: { ...period, services, rows, today: santiagoDate() } satisfies MonthlyBoard })
      : route.fallback(),
  );
}

/** The task board of the demo's shape (five tasks unless told), served for every month instead of the server's. */
export async function mockTaskBoard(
  page: Page,
  period: Period,
  {
    companies = 40,
    columns: names = [
      'Conciliación bancaria',
      'Libro de remuneraciones',
      'Revisión de boletas de honorarios',
      'Respaldo de documentos',
      'Informe al cliente',
    ],
    companyName = longCompanyName,
  }: MockBoardOptions = {},
) {
  const tasks = names.map((name, index) => ({
    id: 750_000 + index,
    name,
    responsableCollaborator: { id: 1, name: 'Valentina', lastName: 'Soto' },
    expirationDate: 31,
    showInSummary: true,
  }));
  const states: TaskCellState[] = ['No comenzado', 'En proceso', 'Terminado', 'N/A'];
  const rows = Array.from({ length: companies }, (_, index) => ({
    id: 650_000 + index,
    name: companyName(index),
    rut: '12.345.678-5',
    responsibleUserId: null,
    taskStates: tasks.map((task, column) => ({
      taskId: task.id,
      state: states[(index + column) % 4] ?? 'No comenzado',
      value: null,
      lastChange: null,
    })),
  }));
  await page.route('**/api/business-task-states/year/*/month/*', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          json: { ...period, tasks, rows, summary: [], dueDates: [], today: santiagoDate() } satisfies TaskBoard,
        })
      : route.fallback(),
  );
}
