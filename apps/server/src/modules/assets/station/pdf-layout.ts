import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * A4 ledger layout on pdfkit: a Simplified-Chinese font embedded as a subset (so any reader
 * shows the text and it can be searched and copied), headers and footers with page numbers, and
 * tables whose rows flow onto new pages with the header row repeated.
 */

const require = createRequire(import.meta.url);
let fontData: Buffer | null = null;
/**
 * Noto Sans Hans Regular from @embedpdf/fonts-sc (OFL-1.1). The package exports only its JS
 * index, so the .otf is located next to it. Read once per process (8 MB), parsed per document.
 */
export function chineseFont(): Buffer {
  if (!fontData) {
    const main = require.resolve('@embedpdf/fonts-sc');
    fontData = fs.readFileSync(path.join(path.dirname(main), '..', 'fonts', 'NotoSansHans-Regular.otf'));
  }
  return fontData;
}

/** A4 in points, as spec §9 gives it. */
export const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { top: 56, bottom: 50, left: 40, right: 40 };
export const CONTENT_WIDTH = A4.width - MARGIN.left - MARGIN.right;
const FONT = 'sc';
const CELL_PAD = 3;

export interface Column<T> {
  header: string;
  /** Share of the content width (the shares of a table add up to 1). */
  width: number;
  value: (row: T) => string | number | null | undefined;
  align?: 'left' | 'right' | 'center';
}

export class Ledger {
  readonly doc: PDFKit.PDFDocument;

  constructor(meta: { title: string; subject: string }) {
    this.doc = new PDFDocument({
      size: [A4.width, A4.height],
      margins: MARGIN,
      bufferPages: true,
      info: { Title: meta.title, Subject: meta.subject, Creator: '配电站智能监控系统', Producer: '配电站智能监控系统' },
    });
    this.doc.registerFont(FONT, chineseFont());
    this.doc.font(FONT);
  }

  private get bottom() {
    return A4.height - MARGIN.bottom;
  }

  private ensure(height: number): boolean {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      return true;
    }
    return false;
  }

  title(text: string, sub: string) {
    const d = this.doc;
    d.fontSize(18).fillColor('#000').text(text, MARGIN.left, d.y, { width: CONTENT_WIDTH, align: 'center' });
    d.moveDown(0.2).fontSize(9).fillColor('#555').text(sub, { width: CONTENT_WIDTH, align: 'center' });
    d.moveDown(0.8).fillColor('#000');
  }

  section(text: string) {
    this.ensure(60);
    const d = this.doc;
    d.moveDown(0.6);
    const y = d.y;
    d.rect(MARGIN.left, y, 3, 14).fill('#1890ff');
    d.fillColor('#000').fontSize(12).text(text, MARGIN.left + 8, y, { width: CONTENT_WIDTH - 8 });
    d.moveDown(0.3);
    d.x = MARGIN.left;
  }

  note(text: string) {
    this.ensure(16);
    this.doc.fontSize(9).fillColor('#888').text(text, MARGIN.left, this.doc.y, { width: CONTENT_WIDTH });
    this.doc.fillColor('#000');
  }

  /** A small heading over a table, kept on the page of the table's first rows. */
  caption(text: string) {
    this.ensure(70);
    const d = this.doc;
    d.moveDown(0.4);
    d.fontSize(9).fillColor('#1f3a5f').text(text, MARGIN.left, d.y, { width: CONTENT_WIDTH });
    d.moveDown(0.2);
    d.fillColor('#000');
  }

  /** Label/value pairs in two columns. */
  fields(pairs: [string, string | number | null | undefined][]) {
    const d = this.doc;
    const half = CONTENT_WIDTH / 2;
    const labelW = 70;
    d.fontSize(9);
    for (let i = 0; i < pairs.length; i += 2) {
      const row = pairs.slice(i, i + 2);
      const h = Math.max(...row.map(([, v]) => d.heightOfString(str(v) || '—', { width: half - labelW - 8 }))) + 6;
      this.ensure(h);
      const y = d.y;
      row.forEach(([label, v], j) => {
        const x = MARGIN.left + j * half;
        d.fillColor('#666').text(label, x, y + 3, { width: labelW });
        d.fillColor('#000').text(str(v) || '—', x + labelW, y + 3, { width: half - labelW - 8 });
      });
      d.moveTo(MARGIN.left, y + h).lineTo(MARGIN.left + CONTENT_WIDTH, y + h).lineWidth(0.3).strokeColor('#ddd').stroke();
      d.y = y + h;
    }
    d.x = MARGIN.left;
  }

  /** A table; rows that do not fit go to the next page under a repeated header row. */
  table<T>(columns: Column<T>[], rows: T[], empty = '（无）') {
    const d = this.doc;
    const widths = columns.map((c) => c.width * CONTENT_WIDTH);
    const fontSize = 8;
    const rowHeight = (cells: string[]) => {
      d.fontSize(fontSize);
      return Math.max(...cells.map((c, i) => d.heightOfString(c || ' ', { width: widths[i] - CELL_PAD * 2 }))) + CELL_PAD * 2;
    };
    const drawRow = (cells: string[], header: boolean, shade: boolean) => {
      const h = rowHeight(cells);
      const y = d.y;
      if (header) d.rect(MARGIN.left, y, CONTENT_WIDTH, h).fill('#e8f1fb');
      else if (shade) d.rect(MARGIN.left, y, CONTENT_WIDTH, h).fill('#fafafa');
      let x = MARGIN.left;
      d.fontSize(fontSize).fillColor(header ? '#1f3a5f' : '#000');
      cells.forEach((c, i) => {
        d.text(c, x + CELL_PAD, y + CELL_PAD, { width: widths[i] - CELL_PAD * 2, align: header ? 'left' : columns[i].align ?? 'left' });
        x += widths[i];
      });
      d.moveTo(MARGIN.left, y + h).lineTo(MARGIN.left + CONTENT_WIDTH, y + h).lineWidth(0.3).strokeColor('#ccc').stroke();
      d.y = y + h;
      d.x = MARGIN.left;
    };
    const headerCells = columns.map((c) => c.header);
    const headerH = rowHeight(headerCells);
    if (!rows.length) {
      this.ensure(headerH * 2);
      drawRow(headerCells, true, false);
      this.note(empty);
      return;
    }
    this.ensure(headerH * 2);
    drawRow(headerCells, true, false);
    rows.forEach((r, i) => {
      const cells = columns.map((c) => str(c.value(r)));
      if (this.ensure(rowHeight(cells))) drawRow(headerCells, true, false);
      drawRow(cells, false, i % 2 === 1);
    });
  }

  /** Header and "第 n 页 / 共 m 页" footer on every page, drawn once the page count is known. */
  finish(header: string, footer: string): Promise<Buffer> {
    const d = this.doc;
    const range = d.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      d.switchToPage(i);
      // Writing inside the margins would make pdfkit open a new page: lift the margin meanwhile.
      const saved = d.page.margins.bottom;
      d.page.margins.bottom = 0;
      d.fontSize(8).fillColor('#666');
      d.text(header, MARGIN.left, 28, { width: CONTENT_WIDTH, align: 'left', lineBreak: false });
      d.moveTo(MARGIN.left, 42).lineTo(A4.width - MARGIN.right, 42).lineWidth(0.5).strokeColor('#1890ff').stroke();
      d.moveTo(MARGIN.left, A4.height - 38).lineTo(A4.width - MARGIN.right, A4.height - 38).lineWidth(0.3).strokeColor('#ccc').stroke();
      d.fillColor('#666').text(footer, MARGIN.left, A4.height - 32, { width: CONTENT_WIDTH / 2, align: 'left', lineBreak: false });
      d.text(`第 ${i + 1 - range.start} 页 / 共 ${range.count} 页`, MARGIN.left + CONTENT_WIDTH / 2, A4.height - 32, { width: CONTENT_WIDTH / 2, align: 'right', lineBreak: false });
      d.page.margins.bottom = saved;
    }
    return new Promise((resolve, reject) => {
      const parts: Buffer[] = [];
      d.on('data', (c: Buffer) => parts.push(c));
      d.on('end', () => resolve(Buffer.concat(parts)));
      d.on('error', reject);
      d.end();
    });
  }
}

function str(v: string | number | null | undefined): string {
  return v === null || v === undefined ? '' : String(v);
}
