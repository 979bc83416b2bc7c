import type { Period } from '@app/shared/period';
import { type APIRequestContext, expect } from '@playwright/test';
import { ownerHeaders } from './fixtures';

export interface TaskInput {
  name: string;
  responsableCollaborator: number;
  /** Day of the month after the period when it falls due; 31 (the last day) keeps it from being overdue in the current period. */
  expirationDate?: number;
  showInSummary?: boolean;
}

/** Creates a task through the API as the owner. */
export async function createTaskViaApi(request: APIRequestContext, task: TaskInput) {
  const response = await request.post('/api/task', {
    headers: await ownerHeaders(request),
    data: { expirationDate: 31, showInSummary: true, ...task },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).task as { id: number; name: string };
}

/** Puts a company in a task through the API as the owner (from 2023-01-01 unless told): its cells apply. */
export async function addBusinessToTaskViaApi(
  request: APIRequestContext,
  taskId: number,
  businessId: number,
  startDate = '2023-01-01',
) {
  const response = await request.post(`/api/task/${taskId}/business/${businessId}`, {
    headers: await ownerHeaders(request),
    data: { startDate },
  });
  expect([200, 201], await response.text()).toContain(response.status());
}

/** Changes a cell of the task board through the API as the owner. */
export async function setTaskStateViaApi(
  request: APIRequestContext,
  period: Period,
  businessId: number,
  taskId: number,
  body: { state: string; value?: string },
) {
  const response = await request.put(
    `/api/business-task-states/year/${period.year}/month/${period.month}/businessId/${businessId}/taskId/${taskId}`,
    { headers: await ownerHeaders(request), data: body },
  );
  expect(response.status(), await response.text()).toBe(200);
}
