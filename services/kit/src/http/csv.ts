/**
 * CSV as spreadsheets read it (RFC 4180): a cell with a comma, a quote or a line break is quoted,
 * its quotes doubled; lines end in CRLF. A cell a spreadsheet would run as a formula (=, +, -, @,
 * a tab or a carriage return first, and not a plain number) is written as text with a leading
 * quote: campaign names, file names and the like come from people outside the clinic.
 */
export type CsvCell = string | number | null;

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  let text = String(value);
  const formula = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text);
  if (formula) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLines(rows: CsvCell[][]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
