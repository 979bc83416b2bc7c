import type { FirmSettings, FirmSettingsSave } from '@app/shared/schemas/monthly-report';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';

/** The firm's identity ('Datos del estudio') and the monthly report's e-mail day. */
export const firmKeys = { settings: ['firm', 'settings'] as const };
type Saved = { message: string; settings: FirmSettings };
/** Whatever changes the firm's identity: its settings (and the logo shown beside them). */
const changed = () => ({ invalidate: [firmKeys.settings] });

/** GET /api/firm/settings. */
export const useFirmSettings = () =>
  useQuery({ queryKey: firmKeys.settings, queryFn: () => api<FirmSettings>('/firm/settings') });

/** PUT /api/firm/settings: name, RUT, address and the report's day (null: off). */
export const useSaveFirmSettings = () =>
  useInvalidatingMutation((body: FirmSettingsSave) => api<Saved>('/firm/settings', { method: 'PUT', body }), changed);

/** PUT /api/firm/logo: a PNG or JPEG, recognised by its content on the server. */
export const useUploadFirmLogo = () =>
  useInvalidatingMutation((file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api<Saved>('/firm/logo', { method: 'PUT', body });
  }, changed);

/** DELETE /api/firm/logo. */
export const useRemoveFirmLogo = () =>
  useInvalidatingMutation(() => api<Saved>('/firm/logo', { method: 'DELETE' }), changed);
