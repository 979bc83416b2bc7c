import type { BoardRow } from '@app/shared/schemas/monthly-states';
import { useMemo } from 'react';
import { toReviewByBusiness, useToReview } from '../../../api/requests/get-to-review';
import type { NameMark } from '../../../components/board/business-board-table';
import { ToReviewMark } from '../components/to-review-mark';

/**
 * The mark after a company's name: what its clients sent that nobody reviewed yet. One request for
 * every row: a row looks its company up in the map.
 */
export function useToReviewMark(): NameMark<BoardRow> {
  const toReview = useToReview();
  const reviewCounts = useMemo(() => toReviewByBusiness(toReview.data), [toReview.data]);
  return useMemo<NameMark<BoardRow>>(
    () => ({
      countOf: (row) => reviewCounts.get(row.business.id)?.count ?? 0,
      render: (row, count) => {
        const waiting = reviewCounts.get(row.business.id);
        const earliest = waiting ? { year: waiting.year, month: waiting.month } : undefined;
        return earliest && <ToReviewMark businessId={row.business.id} count={count} period={earliest} />;
      },
    }),
    [reviewCounts],
  );
}
