import { boardMsg } from '@app/shared/messages-board';
import { mailMsg } from '@app/shared/messages-mail';
import { santiagoWallClock } from '../../lib/santiago-wall-clock.ts';
import { DATE_TIME_FORMAT, type XlsxSheet, type XlsxValue } from '../../lib/xlsx-stream.ts';
import { deliveryOf } from './email.presenter.ts';
import type { EmailLogRow } from './email.repository.ts';

/**
 * A moment as the date-time the firm read on its clock in Santiago, for a sheet: Excel keeps no time
 * zone, so the cell holds Santiago's wall-clock time (the page shows the same), summer time included.
 */
export function santiagoSheetDateTime(moment: Date): Date {
  const { year, month, day, hour, minute, second } = santiagoWallClock(moment);
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)));
}

/** The state as the log's badge names it, filled with the badge's colour. */
const STATE_CELLS = {
  sent: { value: boardMsg.emailOk, fill: '#1F6B30' },
  outbox: { value: mailMsg.emailInOutbox, fill: '#7A4B00' },
  failed: { value: boardMsg.emailNotSent, fill: '#C92A2A' },
} as const;

/**
 * The e-mail log as a sheet: Fecha y hora (a real date-time in Santiago), Empresa
 * ('sin empresa' as the page says), Para, Asunto, Enviado por (empty for the app's own sends),
 * Estado. `rows` come newest first, as the page lists them.
 */
export function emailLogSheet(rows: AsyncIterable<EmailLogRow>): XlsxSheet {
  return {
    name: mailMsg.exportSheet,
    columns: [
      { header: mailMsg.headerDateTime, width: 18, numFmt: DATE_TIME_FORMAT },
      { header: boardMsg.companyLabel, width: 32 },
      { header: mailMsg.headerTo, width: 40 },
      { header: boardMsg.subjectLabel, width: 48 },
      { header: mailMsg.sentBy, width: 24 },
      { header: mailMsg.headerState, width: 18 },
    ],
    rows: (async function* (): AsyncGenerator<XlsxValue[]> {
      for await (const row of rows) {
        yield [
          santiagoSheetDateTime(row.createdAt),
          row.business?.name ?? boardMsg.noCompany,
          row.emails.split(',').join(', '),
          row.subject,
          row.sender?.name ?? null,
          { ...STATE_CELLS[deliveryOf(row)] },
        ];
      }
    })(),
  };
}
