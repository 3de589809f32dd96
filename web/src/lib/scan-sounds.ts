import { useCallback, useSyncExternalStore } from 'react';

/**
 * The sounds of a scanning screen, so a cashier can work without reading: a high two-tone chirp
 * for a recorded visit, a low long buzz for a refusal, one mid beep for a scan kept offline.
 * Made with the Web Audio oscillator: no sound files to load on a slow school line.
 */
export type ScanTone = 'success' | 'refusal' | 'queued';

export interface Note {
  /** Hz */
  freq: number;
  /** Seconds from the start of the sound. */
  at: number;
  /** Seconds. */
  duration: number;
  wave: OscillatorType;
}

export const TONES: Record<ScanTone, readonly Note[]> = {
  success: [
    { freq: 1320, at: 0, duration: 0.09, wave: 'sine' },
    { freq: 1760, at: 0.11, duration: 0.13, wave: 'sine' },
  ],
  refusal: [{ freq: 160, at: 0, duration: 0.7, wave: 'square' }],
  queued: [{ freq: 660, at: 0, duration: 0.18, wave: 'triangle' }],
};

const VOLUME = 0.25;
const EDGE = 0.01;

/** The parts of an AudioContext the player uses (jsdom has none; tests hand in a recorder). */
export type AudioLike = Pick<AudioContext, 'currentTime' | 'destination' | 'state' | 'resume'> & {
  createOscillator(): Pick<OscillatorNode, 'type' | 'frequency' | 'connect' | 'start' | 'stop'>;
  createGain(): Pick<GainNode, 'gain' | 'connect'>;
};

/** Plays the notes of one tone; short ramps at both ends so the speaker does not click. */
export function playNotes(ctx: AudioLike, notes: readonly Note[]): void {
  const t0 = ctx.currentTime;
  for (const n of notes) {
    const start = t0 + n.at;
    const end = start + n.duration;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = n.wave;
    osc.frequency.setValueAtTime(n.freq, start);
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(VOLUME, start + EDGE);
    gain.gain.setValueAtTime(VOLUME, end - EDGE);
    gain.gain.linearRampToValueAtTime(0, end);
    osc.connect(gain as unknown as AudioNode);
    gain.connect(ctx.destination);
    osc.start(start);
    osc.stop(end);
  }
}

export const MUTED_STORAGE_KEY = 'tamaq.scan-sound.muted';

export interface ScanSoundsOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /**
   * Made by `warm()` when a scanning screen opens, else on the first sound. Browsers start it
   * suspended until a key press or a click; the first sound after one wakes it.
   */
  createContext?: () => AudioLike | null;
}

const defaultContext = (): AudioLike | null => {
  const Ctor =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  return Ctor ? (new Ctor() as unknown as AudioLike) : null;
};

/** The player and the muted switch, remembered in localStorage across reloads and screens. */
export function createScanSounds(opts: ScanSoundsOptions = {}) {
  const storage = opts.storage ?? localStorage;
  const createContext = opts.createContext ?? defaultContext;
  const listeners = new Set<() => void>();
  let ctx: AudioLike | null | undefined;

  const read = () => {
    try {
      return storage.getItem(MUTED_STORAGE_KEY) === '1';
    } catch {
      return false;
    }
  };
  let muted = read();

  return {
    isMuted: () => muted,
    setMuted(value: boolean) {
      muted = value;
      try {
        storage.setItem(MUTED_STORAGE_KEY, value ? '1' : '0');
      } catch {
        // a blocked store: the switch holds until the page closes
      }
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    /**
     * Makes the audio context ahead of the first scan: Chromium took 290 ms to make one, blocking
     * the page, so the first scan's card was painted that much later (bench/feedback.mjs).
     */
    warm() {
      if (ctx !== undefined) return;
      try {
        ctx = createContext();
      } catch {
        ctx = null;
      }
    },
    play(tone: ScanTone) {
      if (muted) return;
      try {
        if (ctx === undefined) ctx = createContext();
        if (!ctx) return;
        if (ctx.state === 'suspended') void ctx.resume();
        playNotes(ctx, TONES[tone]);
      } catch {
        // No audio device, or the browser refused: the card on screen still tells.
      }
    },
  };
}

export type ScanSounds = ReturnType<typeof createScanSounds>;

let shared: ScanSounds | null = null;
/** One player per page: one AudioContext, one muted switch for every scanning screen. */
export const pageScanSounds = (): ScanSounds => (shared ??= createScanSounds());

/** The muted switch of a screen, re-rendering when it changes. */
export function useScanSoundMuted(sounds: ScanSounds = pageScanSounds()): [boolean, (muted: boolean) => void] {
  const muted = useSyncExternalStore(sounds.subscribe, sounds.isMuted, sounds.isMuted);
  const set = useCallback((value: boolean) => sounds.setMuted(value), [sounds]);
  return [muted, set];
}
