import { requestsMsg } from '@app/shared/messages-requests';
import { Badge, VisuallyHidden } from '@mantine/core';
import { useToReview } from '../../../api/requests/get-to-review';
import { useLiveRequests } from '../../../api/requests/use-live-requests';

/** Keeps requests and their badges live while a staff member is signed in (mounted once, in the layout). */
export function StaffRequestsLive() {
  useLiveRequests();
  return null;
}

/** The id of the text that describes the 'Documentos' menu entry while something waits for review. */
export const TO_REVIEW_DESCRIPTION_ID = 'documentos-por-revisar';

/**
 * The 'Documentos' menu entry's badge: how many documents clients sent that nobody has reviewed yet
 * (nothing when none). The count is shown; the entry is described as 'N documentos por revisar'.
 */
export function ToReviewMenuBadge() {
  const total = useToReview().data?.total ?? 0;
  if (total <= 0) return null;
  const text = requestsMsg.documentsToReview(total);
  return (
    <>
      <Badge size="sm" color="red.9" circle={total < 10} title={text}>
        {total}
      </Badge>
      {/* The link's description only (aria-describedby reads hidden text): its name stays 'Documentos 3', what it shows. */}
      <VisuallyHidden id={TO_REVIEW_DESCRIPTION_ID} aria-hidden>
        {text}
      </VisuallyHidden>
    </>
  );
}
