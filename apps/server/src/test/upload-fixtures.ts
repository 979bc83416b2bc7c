/**
 * Small but real files of every kind an upload accepts, and of kinds it refuses, built in the
 * test. Test-only.
 */
import { crc32, deflateSync } from 'node:zlib';

export { tinyPdf } from './pdf-fixtures.ts';

const u16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16LE(value);
  return bytes;
};
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
};
const u32be = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
};

/** A 1×1 PNG of one colour: signature, IHDR, IDAT (zlib), IEND, each chunk with its CRC. */
export function tinyPng(rgb: [number, number, number] = [51, 102, 204]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    return Buffer.concat([u32be(data.length), typed, u32be(crc32(typed))]);
  };
  const header = Buffer.concat([u32be(1), u32be(1), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, ...rgb]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An 8×8 grey baseline JPEG: JFIF header, a quantisation table of ones, one-symbol Huffman
 * tables (DC difference 0, end of block), and a scan of a single flat block.
 */
export function tinyJpeg(): Buffer {
  const segment = (marker: number, data: Buffer) =>
    Buffer.concat([Buffer.from([0xff, marker]), Buffer.from([(data.length + 2) >> 8, (data.length + 2) & 0xff]), data]);
  const oneSymbolTable = (tableClass: number, symbol: number) =>
    Buffer.from([(tableClass << 4) | 0, 1, ...Array(15).fill(0), symbol]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])),
    segment(0xdb, Buffer.from([0, ...Array(64).fill(1)])),
    segment(0xc0, Buffer.from([8, 0, 8, 0, 8, 1, 1, 0x11, 0])),
    segment(0xc4, oneSymbolTable(0, 0)),
    segment(0xc4, oneSymbolTable(1, 0)),
    segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
    // DC category 0 ('0'), end of block ('0'), padded with ones.
    Buffer.from([0x3f]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A ZIP of these entries, stored (not compressed), with its central directory. */
export function zipOf(entries: { name: string; content: string | Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content, 'utf8');
    const crc = crc32(data);
    const common = Buffer.concat([
      u16(20), // version needed
      u16(0x0800), // names in UTF-8
      u16(0), // stored
      u16(0), // time
      u16(0x21), // date: 1980-01-01
      u32(crc),
      u32(data.length),
      u32(data.length),
      u16(name.length),
      u16(0), // extra
    ]);
    const local = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), common, name, data]);
    centrals.push(
      Buffer.concat([
        Buffer.from([0x50, 0x4b, 0x01, 0x02]),
        u16(20), // made by
        common,
        u16(0), // comment
        u16(0), // disk
        u16(0), // internal attributes
        u32(0), // external attributes
        u32(offset),
        name,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x05, 0x06]),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(directory.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, directory, end]);
}

/** A real one-sheet workbook (what Excel needs to open it): one cell saying `text`. */
export function tinyXlsx(text = 'Cartola'): Buffer {
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rels = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const pkg = 'http://schemas.openxmlformats.org/package/2006/relationships';
  return zipOf([
    {
      name: '[Content_Types].xml',
      content: `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      content: `${xml}<Relationships xmlns="${pkg}"><Relationship Id="rId1" Type="${rels}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `${xml}<workbook xmlns="${main}" xmlns:r="${rels}"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `${xml}<Relationships xmlns="${pkg}"><Relationship Id="rId1" Type="${rels}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: `${xml}<worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${text}</t></is></c></row></sheetData></worksheet>`,
    },
  ]);
}

/** A DTE-like XML (a factura electrónica's shape), in ISO-8859-1 as the SII's are. */
export function dteXml(folio = 1234): Buffer {
  return Buffer.from(
    `<?xml version="1.0" encoding="ISO-8859-1"?>\n<DTE version="1.0"><Documento ID="F${folio}T33"><Encabezado><IdDoc><TipoDTE>33</TipoDTE><Folio>${folio}</Folio><FchEmis>2026-10-31</FchEmis></IdDoc><Emisor><RUTEmisor>76123456-7</RUTEmisor><RznSoc>Panadería Ñuñoa &amp; Cía</RznSoc></Emisor><Totales><MntTotal>119000</MntTotal></Totales></Encabezado></Documento></DTE>\n`,
    'latin1',
  );
}

/** A bank statement exported as CSV in Latin-1 (Excel's usual here). */
export function latin1Csv(): Buffer {
  return Buffer.from(
    'Fecha;Descripción;Cargo;Abono\r\n01-10-2026;Depósito cheque Ñuble;;150000\r\n02-10-2026;Comisión mantención;3500;\r\n',
    'latin1',
  );
}

/** An executable renamed: the 'MZ' header and its NUL bytes. */
export const renamedExecutable = () =>
  Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), Buffer.alloc(120, 0)]);

/** XML that would read a server file if entities were expanded (XXE). */
export const externalEntityXml = () =>
  Buffer.from('<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<x>&e;</x>\n');

/** Entities within entities, a billion 'lol's if expanded. */
export const billionLaughsXml = () =>
  Buffer.from(
    `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n${Array.from(
      { length: 9 },
      (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level || ''};`.repeat(10)}">`,
    ).join('\n')}\n]>\n<lolz>&lol9;</lolz>\n`,
  );

export const malformedXml = () => Buffer.from('<?xml version="1.0"?>\n<DTE><Documento></DTE>\n');
