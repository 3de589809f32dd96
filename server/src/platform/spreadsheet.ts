/** Spreadsheets: reading imports, writing workbooks and sending them as downloads. */
export * from './spreadsheet-read.ts';
export * from './spreadsheet-write.ts';
export * from './spreadsheet-reply.ts';
