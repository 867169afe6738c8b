import type { Database as Native } from 'better-sqlite3';
import type { Sample } from '../types';
import { sortUnique } from '../buffer/write-buffer';
import type { JournalBatch } from './journal';

/**
 * What the last run left in tel_journal, as batches to move in order: first the rest of the
 * window whose move was cut off (its rows up to `upto`, of the points from `next_point` on: the
 * lower ones were moved), then the rows after it. Rows are read in rowid order, which is the order
 * of arrival between batches, so the first arrival of a key is the one kept.
 */
export function readJournal(n: Native): JournalBatch[] {
  const progress = n.prepare('SELECT upto, next_point AS next FROM tel_journal_move WHERE id = 1').get() as { upto: number; next: number } | undefined;
  const rows = n.prepare('SELECT rowid AS r, point_id AS p, ts AS t, value AS v, quality AS q FROM tel_journal ORDER BY rowid').all() as (Sample & { r: number })[];
  if (!rows.length) return [];
  const split = progress ? rows.findIndex((x) => x.r > progress.upto) : 0;
  const cut = split < 0 ? rows.length : split;
  const parts = [
    { rows: rows.slice(0, cut).filter((x) => x.p >= progress!.next), lastRowid: progress?.upto ?? 0 },
    { rows: rows.slice(cut), lastRowid: rows[rows.length - 1].r },
  ];
  return parts
    .filter((part) => part.rows.length)
    .map((part) => ({ samples: sortUnique(part.rows.map(({ p, t, v, q }) => ({ p, t, v, q }))), lastRowid: part.lastRowid, at: 0 }));
}
