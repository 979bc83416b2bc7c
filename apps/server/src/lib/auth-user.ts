import type { Role } from '@app/shared/roles';

/** The signed-in user of a request: what services are told about who acts. */
export interface AuthUser {
  id: number;
  role: Role;
  businessId: number | null;
  sessionId: string;
}
