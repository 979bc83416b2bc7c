import { santiagoDate } from '@app/shared/period';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ownerHeaders } from './fixtures';

/** Today's calendar month in Santiago, as billing counts months. */
export function billingToday() {
  const today = santiagoDate();
  return { today, year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)), day: Number(today.slice(8, 10)) };
}

const pad = (value: number) => String(value).padStart(2, '0');
/** 'YYYY-MM-DD' of a day of the current month. */
export const dayOfThisMonth = (day: number) => {
  const { year, month } = billingToday();
  return `${year}-${pad(month)}-${pad(day)}`;
};
/** 'DD-MM-YYYY', as the screens show a date. */
export const shownDate = (isoDate: string) => `${isoDate.slice(8, 10)}-${isoDate.slice(5, 7)}-${isoDate.slice(0, 4)}`;

/** Sets a company's fee terms through the API as the owner, in force from this month. */
export async function setFeeTermsViaApi(
  request: APIRequestContext,
  businessId: number,
  terms: { currency: 'CLP' | 'UF'; amount: string; documentType: string; billingDay: number; paymentTermDays?: number },
) {
  const { year, month } = billingToday();
  const response = await request.post(`/api/billing/business/${businessId}/terms`, {
    headers: await ownerHeaders(request),
    data: { effectiveFrom: { year, month }, paymentTermDays: 10, ...terms },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Generates this month's charges through the API as the owner. */
export async function generateChargesViaApi(request: APIRequestContext) {
  const { year, month } = billingToday();
  const response = await request.post('/api/billing/charges/generate', {
    headers: await ownerHeaders(request),
    data: { year, month },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The downloaded workbook's first sheet's rows, as arrays of cell values. */
export async function downloadedSheetRows(file: { path(): Promise<string> }) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** The table body's row holding `text`. */
export const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
