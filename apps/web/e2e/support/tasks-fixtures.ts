import { type APIRequestContext, expect } from '@playwright/test';
import { ownerHeaders } from './fixtures';

/** Creates a task through the API as the owner. */
export async function createTaskViaApi(
  request: APIRequestContext,
  task: { name: string; responsableCollaborator: number; expirationDate?: number; showInSummary?: boolean },
) {
  const response = await request.post('/api/task', {
    headers: await ownerHeaders(request),
    data: { expirationDate: 10, showInSummary: false, ...task },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).task as { id: number; name: string };
}

/** The signed-in user's own id, read with the owner's token (GET /api/user lists the staff). */
export async function staffUserId(request: APIRequestContext, email: string) {
  const response = await request.get('/api/user', { headers: await ownerHeaders(request) });
  expect(response.status()).toBe(200);
  const users = (await response.json()) as { id: number; email: string }[];
  const user = users.find((candidate) => candidate.email === email);
  expect(user, `user ${email}`).toBeDefined();
  return (user as { id: number }).id;
}
