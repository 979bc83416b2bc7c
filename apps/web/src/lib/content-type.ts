import {
  IconFile,
  IconFileTypeCsv,
  IconFileTypeJpg,
  IconFileTypePdf,
  IconFileTypePng,
  IconFileTypeXls,
  IconFileTypeXml,
  type TablerIcon,
} from '@tabler/icons-react';

/** How a stored file's type shows: an icon, its colour and a short name ('PDF', 'XML', 'Excel'). */
export interface ContentTypeLook {
  label: string;
  Icon: TablerIcon;
  color: string;
}

const LOOKS: Record<string, ContentTypeLook> = {
  'application/pdf': { label: 'PDF', Icon: IconFileTypePdf, color: 'var(--mantine-color-red-8)' },
  'application/xml': { label: 'XML', Icon: IconFileTypeXml, color: 'var(--mantine-color-orange-8)' },
  'text/xml': { label: 'XML', Icon: IconFileTypeXml, color: 'var(--mantine-color-orange-8)' },
  'image/jpeg': { label: 'JPG', Icon: IconFileTypeJpg, color: 'var(--mantine-color-grape-8)' },
  'image/png': { label: 'PNG', Icon: IconFileTypePng, color: 'var(--mantine-color-grape-8)' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    label: 'Excel',
    Icon: IconFileTypeXls,
    color: 'var(--mantine-color-green-8)',
  },
  'text/csv': { label: 'CSV', Icon: IconFileTypeCsv, color: 'var(--mantine-color-teal-8)' },
};

const OTHER: ContentTypeLook = { label: 'Archivo', Icon: IconFile, color: 'var(--mantine-color-gray-7)' };

/** The look of a content type as the server recognised it; parameters (';charset=…') ignored. */
export function contentTypeLook(contentType: string): ContentTypeLook {
  return LOOKS[contentType.split(';')[0]?.trim().toLowerCase() ?? ''] ?? OTHER;
}
