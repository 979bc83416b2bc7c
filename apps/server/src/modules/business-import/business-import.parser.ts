import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CELLS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_TEXT_LENGTH,
  importMsg,
} from '@app/shared/messages-import';
import { readSheet as readSheetWith, type SheetRules } from '../../lib/sheet-upload.ts';

export type { Cell, SheetRow } from '../../lib/sheet-upload.ts';

/** 'Importar empresas': its limits and its messages for the shared sheet reader. */
export const IMPORT_SHEET_RULES: SheetRules = {
  limits: {
    maxBytes: IMPORT_MAX_BYTES,
    maxRows: IMPORT_MAX_ROWS,
    maxCells: IMPORT_MAX_CELLS,
    maxColumns: IMPORT_MAX_COLUMNS,
    maxTextLength: IMPORT_MAX_TEXT_LENGTH,
  },
  messages: importMsg,
};

/**
 * The file's first sheet as its rows holding a value, each with its sheet number (the header is
 * row 1), recognised by its content: an .xlsx (a ZIP holding a workbook) or CSV text. Refuses, with
 * its Spanish message: too large (413), an executable or anything else (415), a zip bomb (413),
 * formulas, an empty sheet (400), too many rows, cells or columns (413).
 */
export const readSheet = (bytes: Buffer) => readSheetWith(bytes, IMPORT_SHEET_RULES);
