import { requestsMsg } from '@app/shared/messages-requests';
import type { Period } from '@app/shared/period';
import { Link } from 'react-router';
import classes from './board-table.module.css';

/**
 * 'N por revisar' under a company's name: a plain link (thousands of rows) to its documents of the
 * earliest month with something to review. Its name is the text it shows (a voice user says what
 * they see); the tooltip spells it out as 'N documentos por revisar'.
 */
export function ToReviewMark({ businessId, count, period }: { businessId: number; count: number; period: Period }) {
  const name = requestsMsg.documentsToReview(count);
  return (
    <Link
      to={`/documentos/empresa/${businessId}?anio=${period.year}&mes=${period.month}`}
      className={classes.reviewMark}
      data-tooltip={name}
    >
      {requestsMsg.toReviewCount(count)}
    </Link>
  );
}
