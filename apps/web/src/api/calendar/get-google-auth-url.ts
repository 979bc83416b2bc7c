import type { GoogleAuthUrlSchema } from '@app/shared/schemas/calendar';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';

/**
 * GET /api/auth/google-cloud-auth-url (owners): Google's consent address, carrying a signed state
 * that is only good for a while. It is asked for when the owner clicks, never cached, so it is a
 * mutation rather than a query.
 */
export const getGoogleAuthUrl = () => api<z.infer<typeof GoogleAuthUrlSchema>>('/auth/google-cloud-auth-url');

/** Fetches the consent address and leaves for it; Google sends the owner back to /calendario?code=…&state=…. */
export const useStartGoogleLink = () =>
  useMutation({
    mutationFn: getGoogleAuthUrl,
    onSuccess: ({ authUrl }) => {
      window.location.href = authUrl;
    },
  });
