import { describe, expect, it } from 'vitest';
import { csvFilename, csvStream, defuseFormula, type CsvColumn } from './csv';

interface Person {
  name: string;
  note: string | null;
  amount: number;
}

const columns: CsvColumn<Person>[] = [
  { header: 'Name', value: (p) => p.name },
  { header: 'Note', value: (p) => p.note },
  { header: 'Amount (paise)', value: (p) => p.amount },
];

async function text(stream: ReadableStream<Uint8Array>): Promise<{ bytes: Uint8Array; text: string }> {
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return { bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

describe('csvStream', () => {
  it('starts with the UTF-8 byte-order mark and the header row, and keeps Indian names intact', async () => {
    const { bytes, text: csv } = await text(csvStream(columns, [{ name: 'अनन्या घोष', note: null, amount: 900000 }]));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv).toBe('\uFEFFName,Note,Amount (paise)\r\nअनन्या घोष,,900000\r\n');
  });

  it('quotes commas, quotes and line breaks', async () => {
    const { text: csv } = await text(
      csvStream(columns, [{ name: 'Rao, K.', note: 'said "yes"\nthen left', amount: 1 }]),
    );
    expect(csv.split('\r\n')[1]).toBe('"Rao, K.","said ""yes""\nthen left",1');
  });

  it('defuses cells a spreadsheet would run as formulas, but leaves numbers alone', async () => {
    const rows = ['=HYPERLINK("http://x")', '+91 98300', '-2+3', '@SUM(A1)', '\t=1', 'plain'].map((note) => ({
      name: 'A',
      note,
      amount: -500,
    }));
    const { text: csv } = await text(csvStream(columns, rows));
    const notes = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.slice(2, line.lastIndexOf(',')));
    expect(notes).toEqual([`"'=HYPERLINK(""http://x"")"`, "'+91 98300", "'-2+3", "'@SUM(A1)", "'\t=1", 'plain']);
    expect(csv).toContain(',-500\r\n');
    expect(defuseFormula('Kolkata')).toBe('Kolkata');
  });

  it('writes only the header for no rows, and pulls rows lazily from an async source', async () => {
    expect((await text(csvStream(columns, []))).text).toBe('\uFEFFName,Note,Amount (paise)\r\n');
    let pulled = 0;
    async function* many() {
      for (let i = 0; i < 5000; i++) {
        pulled++;
        yield { name: `P${i}`, note: null, amount: i };
      }
    }
    const reader = csvStream(columns, many()).getReader();
    await reader.read();
    await reader.read();
    expect(pulled).toBeLessThan(5000);
    await reader.cancel();
    const { text: all } = await text(csvStream(columns, many()));
    expect(all.trim().split('\r\n')).toHaveLength(5001);
  });
});

describe('csvFilename', () => {
  it('keeps a header-safe name ending in .csv', () => {
    expect(csvFilename('notifications-2026-11-23')).toBe('notifications-2026-11-23.csv');
    expect(csvFilename('a"b\r\nc.csv')).toBe('a-b-c.csv');
  });
});
