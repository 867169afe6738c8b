import { describe, expect, it, vi } from 'vitest';
import { AlarmSound, shouldSound } from './sound';

/** A stand-in AudioContext: counts the beeps scheduled, starts suspended like a fresh page. */
function fakeContext(state: AudioContextState = 'suspended') {
  const started: number[] = [];
  const param = () => ({ setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn() });
  const ctx = {
    state,
    currentTime: 0,
    destination: {},
    resume: vi.fn(() => {
      ctx.state = 'running';
      return Promise.resolve();
    }),
    createOscillator: vi.fn(() => ({ type: 'sine', frequency: param(), connect: vi.fn(), start: (t: number) => started.push(t), stop: vi.fn() })),
    createGain: vi.fn(() => ({ gain: param(), connect: vi.fn() })),
  };
  return { ctx, started };
}

describe('alarm sound', () => {
  it('sounds for levels 1 and 2 only, never when muted', () => {
    expect(shouldSound(1, false)).toBe(true);
    expect(shouldSound(2, false)).toBe(true);
    expect(shouldSound(3, false)).toBe(false);
    expect(shouldSound(4, false)).toBe(false);
    expect(shouldSound(1, true)).toBe(false);
    expect(shouldSound(2, true)).toBe(false);
  });

  it('stays silent while the browser blocks audio, and plays after the first click unlocks it', () => {
    const { ctx, started } = fakeContext('suspended');
    ctx.resume.mockImplementationOnce(() => Promise.reject(new Error('NotAllowedError')));
    let now = 0;
    const s = new AlarmSound(() => ctx as never, () => now);
    const target = new EventTarget();
    s.attach(target as never);
    expect(s.play(1)).toBe(false); // blocked: no error, nothing queued
    expect(started).toHaveLength(0);
    target.dispatchEvent(new Event('pointerdown'));
    expect(ctx.state).toBe('running');
    expect(s.play(1)).toBe(true);
    expect(started).toHaveLength(3); // 紧急: three beeps
    now += 500;
    expect(s.play(1)).toBe(false); // a burst: one tone, not one per alarm
    expect(started).toHaveLength(3);
    now += 2_000;
    expect(s.play(2)).toBe(true);
    expect(started).toHaveLength(5); // 严重: two
    now += 2_000;
    expect(s.play(3)).toBe(false); // no tone for 一般
    s.detach(target as never);
  });

  it('without Web Audio (old browser, tests) it simply does nothing', () => {
    const s = new AlarmSound(() => null);
    expect(s.play(1)).toBe(false);
    const throwing = new AlarmSound(() => {
      throw new Error('no audio');
    });
    expect(throwing.play(1)).toBe(false);
  });
});
