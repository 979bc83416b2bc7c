import type { Period } from '@app/shared/period';
import { CLIENT_DOCUMENTS_MIN_YEAR } from '@app/shared/schemas/documents';

/** The client's earliest month: January 2018 (the staff's is FIRST_PERIOD). */
export const CLIENT_FIRST_PERIOD: Period = { year: CLIENT_DOCUMENTS_MIN_YEAR, month: 1 };
