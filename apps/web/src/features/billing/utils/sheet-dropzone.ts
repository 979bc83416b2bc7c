import type { DropzoneProps } from '@mantine/dropzone';
import type { FileDropzoneTexts } from '../../../components/file-dropzone';

/** An .xlsx or a .csv (Windows often types a .csv as an Excel file; the server reads the content). */
export const SHEET_ACCEPT: DropzoneProps['accept'] = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
};

export const SHEET_TEXTS: FileDropzoneTexts = {
  hint: 'Arrastra aquí la planilla',
  choose: 'Elegir planilla',
  accepted: 'Planilla .xlsx o .csv, hasta 2 MB',
  notAccepted: (names) => `No es una planilla .xlsx ni .csv: ${names}`,
};
