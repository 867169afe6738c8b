import { ALARM_SOUND_LEVELS } from '@pdz/contracts';

/** Levels 1–2 sound unless the user muted alarm sounds. */
export function shouldSound(level: number, muted: boolean): boolean {
  return !muted && (ALARM_SOUND_LEVELS as readonly number[]).includes(level);
}

/** Beeps of each level: 紧急 three short high ones, 严重 two lower ones. */
const PATTERNS: Record<number, { freq: number; beeps: number }> = {
  1: { freq: 988, beeps: 3 },
  2: { freq: 740, beeps: 2 },
};
const BEEP_S = 0.18;
const GAP_S = 0.12;
/**
 * A burst of alarms (a station losing power raises dozens at once) plays one tone, not dozens
 * on top of each other: a tone within this time of the last one is skipped.
 */
export const SOUND_GAP_MS = 2_000;

type AudioCtx = Pick<AudioContext, 'state' | 'resume' | 'currentTime' | 'createOscillator' | 'createGain' | 'destination'>;

/**
 * The alarm tone, made with the Web Audio API: the product runs offline, so no sound file is
 * fetched. Browsers keep audio suspended until the user has touched the page; until then play()
 * stays silent (no error, no prompt) and the first click or key press unlocks it for later alarms.
 */
export class AlarmSound {
  private ctx: AudioCtx | null = null;
  private unlockBound = () => this.unlock();

  private lastPlayed = -Infinity;

  constructor(
    private readonly createContext: () => AudioCtx | null = defaultContext,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Listen for the first gesture that lets audio run. */
  attach(target: Pick<Window, 'addEventListener'> = window) {
    for (const ev of ['pointerdown', 'keydown'] as const) target.addEventListener(ev, this.unlockBound, { capture: true, passive: true });
  }

  detach(target: Pick<Window, 'removeEventListener'> = window) {
    for (const ev of ['pointerdown', 'keydown'] as const) target.removeEventListener(ev, this.unlockBound, { capture: true });
  }

  private context(): AudioCtx | null {
    if (!this.ctx) {
      try {
        this.ctx = this.createContext();
      } catch {
        this.ctx = null;
      }
    }
    return this.ctx;
  }

  private unlock() {
    const ctx = this.context();
    if (ctx && ctx.state === 'suspended') ctx.resume().catch(() => undefined);
  }

  /** Whether a tone would be heard now (audio unlocked). */
  get ready(): boolean {
    return this.ctx?.state === 'running';
  }

  /** Plays the level's tone; answers false when nothing could be played (blocked, no audio). */
  play(level: number): boolean {
    const pattern = PATTERNS[level];
    const ctx = this.context();
    if (!pattern || !ctx) return false;
    if (ctx.state !== 'running') {
      // Still blocked: try quietly (allowed if a gesture happened meanwhile), never queue.
      ctx.resume().catch(() => undefined);
      return false;
    }
    const at = this.now();
    if (at - this.lastPlayed < SOUND_GAP_MS) return false;
    this.lastPlayed = at;
    let t = ctx.currentTime + 0.02;
    for (let i = 0; i < pattern.beeps; i++) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'square';
      osc.frequency.setValueAtTime(pattern.freq, t);
      // Short attack and release: no clicks at the edges.
      gain.gain.setValueAtTime(0, t);
      gain.gain.linearRampToValueAtTime(0.15, t + 0.01);
      gain.gain.setValueAtTime(0.15, t + BEEP_S - 0.03);
      gain.gain.linearRampToValueAtTime(0, t + BEEP_S);
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start(t);
      osc.stop(t + BEEP_S);
      t += BEEP_S + GAP_S;
    }
    return true;
  }
}

function defaultContext(): AudioCtx | null {
  const Ctor = (globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext }).AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  return Ctor ? new Ctor() : null;
}
