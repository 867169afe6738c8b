import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';

/**
 * The one Excel export kit of the server (asset lists, equipment, users, audit log, alarms,
 * monitor history): one sheet with Chinese headers, a bold frozen header row, the spec §9 file
 * name, and the download headers. Each export only declares its columns.
 */

/** Upper bound of one export: keeps a single request's memory bounded. */
export const EXPORT_MAX_ROWS = 50_000;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** "YYYY-MM-DD HH:mm" (or with ":ss") in the configured zone (design §4: China time where people read it); '' for no time. */
export function formatTime(ms: number | null, zoneOffsetMinutes: number, withSeconds = false): string {
  if (ms === null) return '';
  const d = new Date(ms + zoneOffsetMinutes * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const minutes = `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
  return withSeconds ? `${minutes}:${p(d.getUTCSeconds())}` : minutes;
}

/** base name, underscore, compact timestamp, extension (spec §9 download helper). */
export function exportFileName(base: string, zoneOffsetMinutes: number, ext = 'xlsx', at = Date.now()): string {
  return `${base}_${formatTime(at, zoneOffsetMinutes, true).replace(/\D/g, '')}.${ext}`;
}

export interface XlsxColumn<T> {
  header: string;
  width: number;
  value: (row: T) => string | number | null;
}

function sheetOf<T>(wb: ExcelJS.Workbook | ExcelJS.stream.xlsx.WorkbookWriter, sheet: string, columns: XlsxColumn<T>[]) {
  const ws = wb.addWorksheet(sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  ws.getRow(1).font = { bold: true };
  return ws;
}

function cellsOf<T>(columns: XlsxColumn<T>[], row: T) {
  return Object.fromEntries(columns.map((c, i) => [`c${i}`, c.value(row) ?? '']));
}

/** A one-sheet workbook of a filtered list, with a bold frozen header. */
export async function listWorkbook<T>(sheet: string, columns: XlsxColumn<T>[], rows: T[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = sheetOf(wb, sheet, columns);
  for (const r of rows) ws.addRow(cellsOf(columns, r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The same sheet written row by row as `fill` hands the rows over (batches read from the
 * database): the streaming writer keeps a 50,000-row export to seconds rather than the
 * in-memory writer's tens of seconds.
 */
export async function streamedWorkbook<T>(sheet: string, columns: XlsxColumn<T>[], fill: (add: (rows: T[]) => void) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const ws = sheetOf(wb, sheet, columns);
  await fill((rows) => {
    for (const r of rows) ws.addRow(cellsOf(columns, r)).commit();
  });
  ws.commit();
  await wb.commit();
  await done;
  return Buffer.concat(chunks);
}

/** A download the browser saves under `fileName` (UTF-8 names), never cached. */
export function sendFile(reply: FastifyReply, data: Buffer, fileName: string, mime = XLSX_MIME) {
  return reply
    .header('content-type', mime)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'no-store')
    .send(data);
}
