import { can } from '@app/shared/permissions';
import type { BoardRow } from '@app/shared/schemas/monthly-states';
import { useMemo } from 'react';
import { useOverdueBusinessIds } from '../../../api/billing/collections';
import { toReviewByBusiness, useToReview } from '../../../api/requests/get-to-review';
import type { NameMark } from '../../../components/board/business-board-table';
import { useCurrentUser } from '../../../lib/session';
import { OverdueMark } from '../components/overdue-mark';
import { ToReviewMark } from '../components/to-review-mark';

/**
 * The marks after a company's name: what its clients sent that nobody reviewed yet and, for owners,
 * 'Cobro vencido' when the firm's own charge to it is past due and unpaid. One request for each
 * mark for every row: a row looks its company up. The count a row compares holds both (twice the
 * documents, plus one when overdue), so the row draws again when either changes.
 */
export function useToReviewMark(): NameMark<BoardRow> {
  const toReview = useToReview();
  const seesBilling = can(useCurrentUser(), 'billing:read');
  const overdue = useOverdueBusinessIds(seesBilling);
  const reviewCounts = useMemo(() => toReviewByBusiness(toReview.data), [toReview.data]);
  const overdueIds = overdue.data;
  return useMemo<NameMark<BoardRow>>(
    () => ({
      countOf: (row) =>
        (reviewCounts.get(row.business.id)?.count ?? 0) * 2 + (overdueIds?.has(row.business.id) ? 1 : 0),
      render: (row, mark) => {
        const waiting = reviewCounts.get(row.business.id);
        const earliest = waiting ? { year: waiting.year, month: waiting.month } : undefined;
        const count = Math.floor(mark / 2);
        return (
          <>
            {earliest && count > 0 && <ToReviewMark businessId={row.business.id} count={count} period={earliest} />}
            {mark % 2 === 1 && <OverdueMark businessId={row.business.id} />}
          </>
        );
      },
    }),
    [reviewCounts, overdueIds],
  );
}
