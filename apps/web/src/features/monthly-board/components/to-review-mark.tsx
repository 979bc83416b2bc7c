import { requestsMsg } from '@app/shared/messages-requests';
import type { Period } from '@app/shared/period';
import { Link } from 'react-router';
import classes from './board-table.module.css';

/**
 * 'N por revisar' after a company's name (issue 22): a plain link (thousands of rows) to its
 * documents of the earliest month with something to review, named 'N documentos por revisar'.
 */
export function ToReviewMark({ businessId, count, period }: { businessId: number; count: number; period: Period }) {
  const name = requestsMsg.documentsToReview(count);
  return (
    <Link
      to={`/documentos/empresa/${businessId}?anio=${period.year}&mes=${period.month}`}
      className={classes.reviewMark}
      aria-label={name}
      data-tooltip={name}
    >
      {requestsMsg.toReviewCount(count)}
    </Link>
  );
}
