import type { AppContext } from '../context';
import { csvResponse, type CsvCell } from '../csv';

/** NATCON's CSV downloads as header names and rows of cells, through the house's streamed CSV helper. */
export function csvAnswer(
  c: AppContext,
  filename: string,
  header: string[],
  rows: AsyncIterable<CsvCell[]> | Iterable<CsvCell[]>,
): Response {
  return csvResponse(
    c,
    filename,
    header.map((name, index) => ({ header: name, value: (row: CsvCell[]) => row[index] })),
    rows,
  );
}
