/** Reading the PDFs checkout answers with (invoices, HSA/FSA receipts) in tests. */
import { PDFParse } from 'pdf-parse';
import type request from 'supertest';

/** The text of a PDF, as pdf-parse reads it (lines in reading order). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** A supertest parser that keeps a PDF answer as raw bytes. */
export function binary(res: request.Response, done: (err: Error | null, body: Buffer) => void) {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}
