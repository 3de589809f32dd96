import { describe, expect, it, vi } from 'vitest';
import { createScanSounds, MUTED_STORAGE_KEY, type AudioLike } from './scan-sounds.ts';

interface Played {
  freq: number;
  wave: string;
  start: number;
  stop: number;
}

/** An AudioContext that records the oscillators it was asked to play. */
function recorder(state: AudioContextState = 'running') {
  const played: Played[] = [];
  const resume = vi.fn(() => Promise.resolve());
  const param = () => ({ setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn() });
  const ctx = {
    currentTime: 10,
    destination: {},
    state,
    resume,
    createGain: () => ({ gain: param(), connect: vi.fn() }),
    createOscillator: () => {
      const p: Played = { freq: 0, wave: '', start: 0, stop: 0 };
      return {
        set type(v: string) {
          p.wave = v;
        },
        frequency: {
          setValueAtTime: (f: number) => {
            p.freq = f;
          },
        },
        connect: vi.fn(),
        start: (t: number) => {
          p.start = t;
          played.push(p);
        },
        stop: (t: number) => {
          p.stop = t;
        },
      };
    },
  } as unknown as AudioLike;
  return { ctx, played, resume };
}

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
}

describe('scan sounds', () => {
  it('chirps high and rising for a recorded visit, buzzes low and long for a refusal', () => {
    const { ctx, played } = recorder();
    const sounds = createScanSounds({ storage: new MemoryStorage(), createContext: () => ctx });

    sounds.play('success');
    const chirp = played.splice(0);
    expect(chirp).toHaveLength(2);
    expect(chirp[0]!.freq).toBeGreaterThanOrEqual(1000);
    expect(chirp[1]!.freq).toBeGreaterThan(chirp[0]!.freq);
    expect(chirp[1]!.start).toBeGreaterThan(chirp[0]!.stop - 1e-9);
    expect(Math.max(...chirp.map((n) => n.stop)) - 10).toBeLessThan(0.4);

    sounds.play('refusal');
    const buzz = played.splice(0);
    expect(buzz).toHaveLength(1);
    expect(buzz[0]!.freq).toBeLessThan(300);
    expect(buzz[0]!.stop - buzz[0]!.start).toBeGreaterThanOrEqual(0.5);

    sounds.play('queued');
    const beep = played.splice(0);
    expect(beep).toHaveLength(1);
    expect(beep[0]!.freq).toBeGreaterThan(buzz[0]!.freq);
    expect(beep[0]!.freq).toBeLessThan(chirp[0]!.freq);
  });

  it('plays nothing while muted, and the switch outlives a reload', () => {
    const storage = new MemoryStorage();
    const { ctx, played } = recorder();
    const sounds = createScanSounds({ storage, createContext: () => ctx });
    const changed = vi.fn();
    sounds.subscribe(changed);
    sounds.setMuted(true);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(storage.getItem(MUTED_STORAGE_KEY)).toBe('1');
    sounds.play('refusal');
    expect(played).toHaveLength(0);

    const reloaded = createScanSounds({ storage, createContext: () => ctx });
    expect(reloaded.isMuted()).toBe(true);
    reloaded.setMuted(false);
    reloaded.play('success');
    expect(played).toHaveLength(2);
  });

  it('makes the audio context on the first sound only, and wakes a suspended one', () => {
    const { ctx, resume } = recorder('suspended');
    const create = vi.fn(() => ctx);
    const sounds = createScanSounds({ storage: new MemoryStorage(), createContext: create });
    expect(create).not.toHaveBeenCalled();
    sounds.play('success');
    sounds.play('refusal');
    expect(create).toHaveBeenCalledTimes(1);
    expect(resume).toHaveBeenCalled();
  });

  it('makes the context ahead when warmed, once, and plays on it later', () => {
    const { ctx, played } = recorder('suspended');
    const create = vi.fn(() => ctx);
    const sounds = createScanSounds({ storage: new MemoryStorage(), createContext: create });
    sounds.warm();
    sounds.warm();
    expect(create).toHaveBeenCalledTimes(1);
    sounds.play('success');
    expect(create).toHaveBeenCalledTimes(1);
    expect(played.length).toBeGreaterThan(0);
    const broken = createScanSounds({
      storage: new MemoryStorage(),
      createContext: () => {
        throw new Error('NotAllowedError');
      },
    });
    expect(() => broken.warm()).not.toThrow();
    expect(() => broken.play('success')).not.toThrow();
  });

  it('stays quiet instead of failing where the browser has no audio', () => {
    const silent = createScanSounds({ storage: new MemoryStorage(), createContext: () => null });
    expect(() => silent.play('success')).not.toThrow();
    const broken = createScanSounds({
      storage: new MemoryStorage(),
      createContext: () => {
        throw new Error('NotAllowedError');
      },
    });
    expect(() => broken.play('refusal')).not.toThrow();
  });
});
