import type {
  Incident,
  IncidentSave,
  RightsRequest,
  RightsRequestCreate,
  RightsRequestList,
  RightsRequestUpdate,
} from '@app/shared/schemas/data-protection';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';

/** 'Protección de datos': the requests from a person and the incidents, each a list of its own. */
export const dataProtectionKeys = {
  all: ['data-protection'] as const,
  requests: ['data-protection', 'requests'] as const,
  incidents: ['data-protection', 'incidents'] as const,
  notice: ['data-protection', 'notice'] as const,
  acknowledgements: (versionId: number) => ['data-protection', 'notice', 'acknowledgements', versionId] as const,
  retention: ['data-protection', 'retention'] as const,
  proposal: (id: number) => ['data-protection', 'proposal', id] as const,
};

type RequestSaved = { message: string; request: RightsRequest };
type IncidentSaved = { message: string; incident: Incident };

/** GET /api/data-protection/requests. */
export const useRightsRequests = () =>
  useQuery({
    queryKey: dataProtectionKeys.requests,
    queryFn: () => api<RightsRequestList>('/data-protection/requests'),
  });

const requestsChanged = () => ({ invalidate: [dataProtectionKeys.requests] });

/** POST /api/data-protection/requests. */
export const useCreateRightsRequest = () =>
  useInvalidatingMutation(
    (body: RightsRequestCreate) => api<RequestSaved>('/data-protection/requests', { method: 'POST', body }),
    requestsChanged,
  );

/** PUT /api/data-protection/requests/{id}. */
export const useUpdateRightsRequest = () =>
  useInvalidatingMutation(
    ({ id, ...body }: RightsRequestUpdate & { id: number }) =>
      api<RequestSaved>(`/data-protection/requests/${id}`, { method: 'PUT', body }),
    requestsChanged,
  );

/** POST /api/data-protection/requests/{id}/extend: 'Prorrogar'. */
export const useExtendRightsRequest = () =>
  useInvalidatingMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      api<RequestSaved>(`/data-protection/requests/${id}/extend`, { method: 'POST', body: { reason } }),
    requestsChanged,
  );

/** GET /api/data-protection/incidents. */
export const useIncidents = () =>
  useQuery({ queryKey: dataProtectionKeys.incidents, queryFn: () => api<Incident[]>('/data-protection/incidents') });

const incidentsChanged = () => ({ invalidate: [dataProtectionKeys.incidents] });

/** POST /api/data-protection/incidents, or PUT /api/data-protection/incidents/{id} with an id. */
export const useSaveIncident = () =>
  useInvalidatingMutation(
    ({ id, ...body }: IncidentSave & { id?: number }) =>
      id === undefined
        ? api<IncidentSaved>('/data-protection/incidents', { method: 'POST', body })
        : api<IncidentSaved>(`/data-protection/incidents/${id}`, { method: 'PUT', body }),
    incidentsChanged,
  );
