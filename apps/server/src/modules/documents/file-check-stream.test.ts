import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import {
  billionLaughsXml,
  dteXml,
  externalEntityXml,
  latin1Csv,
  malformedXml,
  renamedExecutable,
  tinyJpeg,
  tinyPdf,
  tinyPng,
  tinyXlsx,
  zipOf,
} from '../../test/upload-fixtures.ts';
import { fileCheckStream } from './file-check-stream.ts';

/** Streams `chunks` through the check; answers the bytes that came out and the kind, or the problem. */
async function check(chunks: Buffer[], maxBytes = 1_000_000, fileName = '') {
  const out: Buffer[] = [];
  let read = 0;
  const source = Readable.from(
    (function* () {
      for (const chunk of chunks) {
        read += 1;
        yield chunk;
      }
    })(),
  );
  const checked = fileCheckStream(maxBytes, (kind) => new Error(kind), fileName);
  try {
    await pipeline(source, checked, async (stream) => {
      for await (const chunk of stream) out.push(chunk as Buffer);
    });
    return { bytes: Buffer.concat(out), kind: checked.kind, read };
  } catch (error) {
    return { problem: (error as Error).message, kind: checked.kind, read };
  }
}

/** The bytes cut in pieces of `size`. */
const pieces = (bytes: Buffer, size: number) => {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
};

const accepted = {
  pdf: Buffer.concat([tinyPdf().subarray(0, 20), Buffer.alloc(50_000, 32), tinyPdf().subarray(20)]),
  png: tinyPng(),
  jpg: tinyJpeg(),
  xlsx: tinyXlsx(),
  xml: dteXml(),
  csv: latin1Csv(),
};

describe('fileCheckStream', () => {
  it('takes text as a CSV unless its name claims a kind with a signature (a .txt renamed .pdf)', async () => {
    const text = Buffer.from('rut;monto\n76.123.456-7;1000\n');
    for (const name of ['cartola.csv', 'cartola.txt', 'cartola']) {
      expect((await check([text], undefined, name)).kind, name).toBe('csv');
    }
    for (const name of ['dte.XML', 'foto.jpeg', 'foto.png', 'libro.xlsx', 'libro.xls']) {
      expect((await check([text], undefined, name)).problem, name).toBe('not-accepted');
    }
    // Under a .pdf name the sender meant a PDF: it is refused as not a valid one.
    for (const name of ['factura.pdf', 'FACTURA.PDF ']) {
      expect((await check([text], undefined, name)).problem, name).toBe('invalid-pdf');
    }
    // An executable under that name is no text: not an accepted kind at all.
    expect((await check([renamedExecutable()], undefined, 'factura.pdf')).problem).toBe('not-accepted');
  });

  it('recognises each accepted kind by content and passes it through unchanged, whatever the chunking', async () => {
    for (const [kind, bytes] of Object.entries(accepted)) {
      for (const size of [1, 7, 1024, 4096, 65_536]) {
        const result = await check(pieces(bytes, size));
        expect(result.problem, `${kind} in chunks of ${size}`).toBeUndefined();
        expect(result.kind, `${kind} in chunks of ${size}`).toBe(kind);
        expect(result.bytes?.equals(bytes)).toBe(true);
      }
    }
  });

  it('takes UTF-8 XML with a byte order mark, UTF-8 CSV, and an XLSX whose names straddle chunks', async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<a><b>ñandú</b></a>')]);
    expect((await check([bom])).kind).toBe('xml');
    const utf8Csv = Buffer.from('rut;razón social\n76.123.456-7;Ñuñoa SpA\n');
    expect((await check(pieces(utf8Csv, 3))).kind).toBe('csv');
    // A big first entry pushes the workbook's names past the first chunks.
    const padded = tinyXlsx();
    const big = zipOf([
      { name: 'docProps/app.xml', content: Buffer.alloc(200_000, 32) },
      { name: '[Content_Types].xml', content: '<Types/>' },
      { name: 'xl/workbook.xml', content: '<workbook/>' },
    ]);
    expect((await check(pieces(big, 4093))).kind).toBe('xlsx');
    expect((await check(pieces(padded, 5))).kind).toBe('xlsx');
  });

  it('refuses what is not one of them, or only pretends to be', async () => {
    const cases: [string, Buffer, string][] = [
      ['an executable', renamedExecutable(), 'not-accepted'],
      ['a plain ZIP', zipOf([{ name: 'hola.txt', content: 'hola' }]), 'not-accepted'],
      [
        'a Word document',
        zipOf([
          { name: '[Content_Types].xml', content: '<Types/>' },
          { name: 'word/document.xml', content: '<w/>' },
        ]),
        'not-accepted',
      ],
      ['a ZIP cut before its directory', tinyXlsx().subarray(0, 900), 'not-accepted'],
      ['a PDF cut short', Buffer.from('%PDF-1.7 but cut short before its end'), 'not-accepted'],
      ['a PNG cut short', tinyPng().subarray(0, 30), 'not-accepted'],
      ['a JPEG cut short', tinyJpeg().subarray(0, 100), 'not-accepted'],
      ['an empty file', Buffer.alloc(0), 'not-accepted'],
      ['a CSV with a NUL', Buffer.from('a;b\n1;\u0000\n'), 'not-accepted'],
      ['a CSV with an escape character', Buffer.from('a;b\n1;\u001b[31m\n'), 'not-accepted'],
      ['an XML with an external entity', externalEntityXml(), 'invalid-xml'],
      ['a billion laughs', billionLaughsXml(), 'invalid-xml'],
      ['a bare DOCTYPE', Buffer.from('<!DOCTYPE html><html></html>'), 'invalid-xml'],
      ['a malformed XML', malformedXml(), 'invalid-xml'],
      ['two roots', Buffer.from('<a/><b/>'), 'invalid-xml'],
      ['an undeclared entity', Buffer.from('<a>&e;</a>'), 'invalid-xml'],
      ['UTF-8 bytes that are not', Buffer.from([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e]), 'invalid-xml'],
      ['an unknown encoding', Buffer.from('<?xml version="1.0" encoding="x-nada"?><a/>'), 'invalid-xml'],
    ];
    for (const [label, bytes, problem] of cases) {
      for (const size of [3, 65_536]) {
        expect((await check(pieces(bytes, size).concat(bytes.length ? [] : [bytes]))).problem, label).toBe(problem);
      }
    }
  });

  it('accepts long texts, attribute values, comments, CDATA and instructions in any chunking, and refuses XML made to fill memory', async () => {
    const long = 'x'.repeat(300_000);
    for (const xml of [
      `<a>${long}</a>`,
      `<a b="${long}"/>`,
      `<a><!--${long}--></a>`,
      `<a><![CDATA[${long}]]></a>`,
      `<?xml version="1.0"?><a><?pi ${long}?></a>`,
    ]) {
      for (const size of [7, 65_536]) {
        expect((await check(pieces(Buffer.from(xml), size))).kind, `${xml.slice(0, 12)} in ${size}`).toBe('xml');
      }
    }
    const deep = `${'<a>'.repeat(300)}${'</a>'.repeat(300)}`;
    const wide = `<a ${Array.from({ length: 300 }, (_, index) => `b${index}="1"`).join(' ')}/>`;
    const longName = `<a${'b'.repeat(100_000)}/>`;
    const longEntity = `<a>&${'e'.repeat(100_000)};</a>`;
    for (const xml of [deep, wide, longName, longEntity]) {
      expect((await check(pieces(Buffer.from(xml), 4096))).problem, xml.slice(0, 12)).toBe('invalid-xml');
    }
    const fine = `${'<a>'.repeat(200)}${'</a>'.repeat(200)}`;
    expect((await check([Buffer.from(fine)])).kind).toBe('xml');
  });

  it('refuses a binary as soon as it shows, without reading the rest', async () => {
    const chunks = [renamedExecutable(), ...Array.from({ length: 100 }, () => Buffer.alloc(4096, 0))];
    const result = await check(chunks);
    expect(result.problem).toBe('not-accepted');
    expect(result.read).toBeLessThan(5);
    const doctype = [externalEntityXml(), ...Array.from({ length: 100 }, () => Buffer.from('<x/>'.repeat(1000)))];
    const xml = await check(doctype);
    expect(xml.problem).toBe('invalid-xml');
    expect(xml.read).toBeLessThan(5);
  });

  it('cuts off a file over the limit as soon as it passes it', async () => {
    const pdf = tinyPdf();
    const chunks = [pdf, ...Array.from({ length: 100 }, () => Buffer.alloc(4096, 32))];
    const result = await check(chunks, 10_000);
    expect(result.problem).toBe('too-large');
    expect(result.read).toBeLessThan(6);
    expect((await check([pdf], pdf.length)).bytes?.equals(pdf)).toBe(true);
  });
});
