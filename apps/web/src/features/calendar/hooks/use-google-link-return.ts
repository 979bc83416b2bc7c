import { calendarMsg } from '@app/shared/messages-calendar';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLinkGoogleAccount } from '../../../api/calendar/link-google-account';
import { ApiRequestError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** What Google appends to the address when it sends the owner back from its consent page. */
const GOOGLE_RETURN_PARAMS = ['code', 'state', 'scope', 'error', 'authuser', 'hd', 'prompt', 'iss'];

/** The first per-field message of a refused link ('code' or 'state'), else the error's own message. */
const linkErrorMessage = (error: Error) =>
  error instanceof ApiRequestError && error.errors[0] ? error.errors[0].message : error.message;

/**
 * Google's way back to /calendario: with ?code=…&state=… the account is linked
 * (the link mutation reloads calendars and events), with ?error=… the owner said no. Either way
 * Google's parameters leave the address at once, so a reload or a shared link never repeats them.
 * Only owners link; for anyone else the parameters are just dropped. Answers whether a link is under way.
 */
export function useGoogleLinkReturn(mayLink: boolean): boolean {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const link = useLinkGoogleAccount();
  const { mutate } = link;
  // React's strict mode runs an effect twice on mount: a code is sent once.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const code = searchParams.get('code');
    const denied = searchParams.get('error');
    if (code === null && denied === null) return;
    const key = searchParams.toString();
    if (handled.current === key) return;
    handled.current = key;

    const rest = new URLSearchParams(searchParams);
    for (const name of GOOGLE_RETURN_PARAMS) rest.delete(name);
    navigate({ pathname, search: rest.size > 0 ? `?${rest}` : '' }, { replace: true });

    if (!mayLink) return;
    if (code === null) {
      notifyError(calendarMsg.invalidCode, calendarMsg.linkFailed);
      return;
    }
    mutate(
      { code, state: searchParams.get('state') ?? '' },
      {
        onSuccess: ({ message }) => notifySuccess(message),
        onError: (error) => notifyError(linkErrorMessage(error), calendarMsg.linkFailed),
      },
    );
  }, [searchParams, navigate, pathname, mayLink, mutate]);

  return link.isPending;
}
