import fs from 'node:fs';
import path from 'node:path';
import type { EquipState } from './equipment';

/**
 * DATA_DIR/simulator-state.json: per gateway its seq and last record time, per equipment its
 * energy registers and thermal state. Written atomically (temporary file, fsync, rename) before
 * the records it covers are sent, so a restart never sends a register lower than one already sent.
 */
export interface SimState {
  version: 1;
  savedAt: number;
  gateways: Record<string, { seq: number; lastTs: number }>;
  equipment: Record<string, EquipState>;
}

export function loadState(file: string): SimState | null {
  try {
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as SimState;
    return doc.version === 1 && doc.gateways && doc.equipment ? doc : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') console.warn(`模拟器状态文件无法读取，将重新开始 (state file unreadable): ${file}: ${(err as Error).message}`);
    return null;
  }
}

export function saveState(file: string, state: SimState): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, 'w', 0o600);
  try {
    fs.writeSync(fd, JSON.stringify(state));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

/**
 * Registers the server already holds (tag → highest reading), from a JSON file
 * `{ "<tag>": { "value": n, "ts": ms } }` the server writes before starting the simulator.
 */
export function loadServerRegisters(file: string | undefined): { registers: Map<string, number>; lastTs: number } {
  const registers = new Map<string, number>();
  let lastTs = 0;
  if (!file) return { registers, lastTs };
  try {
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { value: number; ts: number }>;
    for (const [tag, r] of Object.entries(doc)) {
      registers.set(tag, r.value);
      lastTs = Math.max(lastTs, r.ts);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') console.warn(`服务器读数文件无法读取 (server readings unreadable): ${file}: ${(err as Error).message}`);
  }
  return { registers, lastTs };
}
