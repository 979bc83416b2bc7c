import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachmentHeader } from './file-names.ts';
import { XLSX_CONTENT_TYPE } from './xlsx-stream.ts';

/** Answers a CSV download (UTF-8), saved as `fileName`, never kept by a cache; the text streams as it is written. */
export function sendCsv(reply: FastifyReply, fileName: string, csv: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentHeader(fileName))
    .header('cache-control', 'no-store')
    .send(csv as never); // a byte stream, outside the JSON response schemas
}

/**
 * Answers an .xlsx download: its content type, saved as `fileName` (an ASCII fallback and the
 * exact UTF-8 name), never kept by a cache. The workbook streams as it is written.
 */
export function sendXlsx(reply: FastifyReply, fileName: string, workbook: Readable) {
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', attachmentHeader(fileName))
    .header('cache-control', 'no-store')
    .send(workbook as never); // a byte stream, outside the JSON response schemas
}
