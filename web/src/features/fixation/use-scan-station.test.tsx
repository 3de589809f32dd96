import type { Fixation } from '@tamaq/contract/fixations';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { createScanQueue } from '../../lib/scan-queue.ts';
import type { ScanSounds } from '../../lib/scan-sounds.ts';
import { sendScan } from './page-scan-queue.ts';
import { cleanCode, feedbackOf, isCardLike } from './scan-feedback.ts';
import { useScanStation, type ScanStationOptions } from './use-scan-station.ts';
import { formatVisitTime } from '../../lib/visit-time.ts';
import { i18n } from '../../i18n/texts.ts';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
}

const visit = (name: string): Fixation => ({
  id: 1,
  created_at: '2026-11-20T07:05:00.000Z',
  user: { id: 3, name, job_title: null, image: null },
  classroom: { id: 4, name: '3 «А»', name_ru: '3 «А»', name_kk: null },
  category: { id: 5, name: 'Социальный кошелёк' },
  school_id: 1,
  canteen_id: null,
  count: 1,
});
const refused = (status: number, errorMessage: string) =>
  new ApiError({ status, code: status === 429 ? 'Too many requests' : 'Conflict', errorMessage });
const validation = () =>
  new ApiError({
    status: 422,
    code: 'Validation error',
    validationErrors: { fixationCategoryId: ['Сейчас нет категории питания по расписанию'] },
  });

/** A station on a real scan queue whose server answers are scripted per card number. */
function station(answers: Record<string, () => Promise<unknown>>, extra: Partial<ScanStationOptions> = {}) {
  const send = vi.fn((_url: string, body: Record<string, unknown>) => answers[String(body.cardId)]!());
  const queue = createScanQueue<Fixation>({ storage: new MemoryStorage(), send });
  const play = vi.fn();
  const sounds = { play } as unknown as ScanSounds;
  const onRecorded = vi.fn();
  const hook = renderHook(() =>
    useScanStation({
      endpoint: 'recordSchool',
      body: (code) => ({ cardId: code, schoolId: 1 }),
      onRecorded,
      queue,
      sounds,
      ...extra,
    }),
  );
  const scan = (code: string) => act(() => hook.result.current.submit(code));
  return { hook, scan, send, play, onRecorded, queue };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the scanning counter', () => {
  it('shows the green card and chirps when the visit is recorded, and reloads the history', async () => {
    const s = station({ '7700000001': () => Promise.resolve(visit('Абенов Тимур')) });
    await s.scan('7700000001\n');
    expect(s.send).toHaveBeenCalledWith(
      '/api/school/fixation',
      { cardId: '7700000001', schoolId: 1 },
      expect.any(String),
    );
    const f = s.hook.result.current.feedback;
    expect(f).toMatchObject({ kind: 'success', code: '7700000001', fixation: { user: { name: 'Абенов Тимур' } } });
    expect(s.play).toHaveBeenCalledExactlyOnceWith('success');
    expect(s.onRecorded).toHaveBeenCalledTimes(1);
    expect(s.hook.result.current.sending).toBe(0);
  });

  it('shows the server’s reason in red and buzzes on a refusal', async () => {
    const s = station({
      AAAA: () => Promise.reject(refused(409, 'Уже получил(а) питание сегодня в 12:05')),
      BBBB: () => Promise.reject(validation()),
    });
    await s.scan('AAAA');
    expect(s.hook.result.current.feedback).toEqual({
      kind: 'refusal',
      code: 'AAAA',
      reason: 'Уже получил(а) питание сегодня в 12:05',
    });
    await s.scan('BBBB');
    expect(s.hook.result.current.feedback).toMatchObject({ reason: 'Сейчас нет категории питания по расписанию' });
    expect(s.play.mock.calls).toEqual([['refusal'], ['refusal']]);
    expect(s.onRecorded).not.toHaveBeenCalled();
  });

  it('lists every refusal for the day, the short code and a scan refused after waiting offline too, but not a double scan', async () => {
    let online = false;
    const onRefusal = vi.fn();
    const onLateRefusal = vi.fn();
    const s = station(
      {
        AAAA: () => Promise.reject(refused(409, 'Уже получил(а) питание сегодня в 12:05')),
        BBBB: () => Promise.reject(refused(429, 'Слишком много запросов')),
        CCCC: () =>
          online
            ? Promise.reject(refused(404, 'Карта не найдена'))
            : Promise.reject(new ApiError({ status: 0, code: 'Network error' })),
      },
      { onRefusal, onLateRefusal },
    );
    await s.scan('AAAA');
    await s.scan('BBBB');
    await s.scan('12');
    await s.scan('CCCC');
    expect(onRefusal.mock.calls.map(([r]) => [r.code, r.reason])).toEqual([
      ['AAAA', 'Уже получил(а) питание сегодня в 12:05'],
      ['12', i18n.fixation.card.notACard],
    ]);
    online = true;
    await act(() => s.queue.retryNow());
    expect(onRefusal).toHaveBeenLastCalledWith(expect.objectContaining({ code: 'CCCC', reason: 'Карта не найдена' }));
    expect(onLateRefusal).toHaveBeenCalledExactlyOnceWith('CCCC', 'Карта не найдена');
  });

  it('ignores a double scan (429) silently: the green card stays, no sound, and the next scan works', async () => {
    let second = false;
    const s = station({
      '7700000001': () =>
        second ? Promise.reject(refused(429, 'Слишком много запросов')) : Promise.resolve(visit('Абенов Тимур')),
      '7700000002': () => Promise.resolve(visit('Ахметова Дана')),
    });
    await s.scan('7700000001');
    second = true;
    await s.scan('7700000001');
    expect(s.hook.result.current.feedback).toMatchObject({
      kind: 'success',
      fixation: { user: { name: 'Абенов Тимур' } },
    });
    expect(s.play).toHaveBeenCalledTimes(1);
    expect(s.hook.result.current.sending).toBe(0);
    await s.scan('7700000002');
    expect(s.hook.result.current.feedback).toMatchObject({ fixation: { user: { name: 'Ахметова Дана' } } });
    expect(s.play).toHaveBeenCalledTimes(2);
  });

  it('keeps a scan the network lost, says so with its own beep, and counts it as waiting', async () => {
    const s = station({ '7700000009': () => Promise.reject(new ApiError({ status: 0, code: 'Network error' })) });
    await s.scan('7700000009');
    expect(s.hook.result.current.feedback).toEqual({ kind: 'queued', code: '7700000009' });
    expect(s.play).toHaveBeenCalledExactlyOnceWith('queued');
    expect(s.hook.result.current.pending).toBe(1);
    s.queue.stop();
  });

  it('clears the amber «no network» card once the waiting scans are sent', async () => {
    let online = false;
    const s = station({
      '7700000009': () =>
        online
          ? Promise.resolve(visit('Абенов Тимур'))
          : Promise.reject(new ApiError({ status: 0, code: 'Network error' })),
    });
    await s.scan('7700000009');
    expect(s.hook.result.current.feedback.kind).toBe('queued');
    online = true;
    await act(() => s.queue.retryNow());
    await vi.waitFor(() => expect(s.hook.result.current.pending).toBe(0));
    expect(s.hook.result.current.feedback).toEqual({ kind: 'idle' });
    expect(s.onRecorded).toHaveBeenCalledTimes(1);
    s.queue.stop();
  });

  it('sends nothing for three characters or less, and says in red that it is not a card', async () => {
    const s = station({ '7700000001': () => Promise.resolve(visit('Абенов Тимур')) });
    await s.scan('7700000001');
    await s.scan('abc');
    expect(s.hook.result.current.feedback).toEqual({
      kind: 'refusal',
      code: 'abc',
      reason: 'Это не номер карты: приложите карту к сканеру или введите номер полностью',
    });
    await s.scan(' \n');
    expect(s.hook.result.current.feedback).toMatchObject({ code: 'abc' });
    expect(s.send).toHaveBeenCalledTimes(1);
    expect(s.play.mock.calls).toEqual([['success'], ['refusal']]);
  });

  it('holds a scan made before the screen is ready, shows it as sending, and sends it once ready', async () => {
    let schoolId: number | null = null;
    const s = station(
      {
        '7700000001': () => Promise.resolve(visit('Абенов Тимур')),
        '7700000002': () => Promise.resolve(visit('Ахметова Дана')),
      },
      { body: (code) => (schoolId === null ? null : { cardId: code, schoolId }) },
    );
    await s.scan('7700000001');
    await s.scan('7700000002');
    await s.scan('7700000001');
    expect(s.send).not.toHaveBeenCalled();
    expect(s.hook.result.current.sending).toBe(2);
    schoolId = 7;
    s.hook.rerender();
    await vi.waitFor(() => expect(s.hook.result.current.sending).toBe(0));
    expect(s.send.mock.calls.map((c) => c[1])).toEqual([
      { cardId: '7700000001', schoolId: 7 },
      { cardId: '7700000002', schoolId: 7 },
    ]);
    expect(s.hook.result.current.feedback).toMatchObject({ fixation: { user: { name: 'Ахметова Дана' } } });
    expect(s.play.mock.calls).toEqual([['success'], ['success']]);
  });

  it('refuses, in red and with its buzz, scans on a screen that turns out never able to record', async () => {
    const extra: Partial<ScanStationOptions> = { body: () => null };
    const s = station({}, extra);
    await s.scan('7700000001');
    expect(s.hook.result.current.sending).toBe(1);
    // The list of schools arrived empty: the held scan is refused with the reason, then a new one.
    extra.unavailable = 'Нет школ для фиксации питания';
    s.hook.rerender();
    await vi.waitFor(() => expect(s.hook.result.current.sending).toBe(0));
    expect(s.hook.result.current.feedback).toEqual({
      kind: 'refusal',
      code: '7700000001',
      reason: 'Нет школ для фиксации питания',
    });
    await s.scan('7700000002');
    expect(s.hook.result.current.feedback).toMatchObject({ kind: 'refusal', code: '7700000002' });
    expect(s.play.mock.calls).toEqual([['refusal'], ['refusal']]);
    expect(s.send).not.toHaveBeenCalled();
  });

  it('goes back to "ready" after a while, so an old green card is not taken for a new scan', async () => {
    vi.useFakeTimers();
    const s = station({ CARD1: () => Promise.resolve(visit('Абенов Тимур')) }, { clearAfterMs: 5000 });
    await s.scan('CARD1');
    expect(s.hook.result.current.feedback.kind).toBe('success');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(s.hook.result.current.feedback.kind).toBe('idle');
  });
});

describe('the scan call', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the Idempotency-Key and takes a visit as recorded', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(visit('Абенов Тимур'));
    await expect(sendScan('/api/school/fixation', { cardId: 'A1', schoolId: 1 }, 'k-1')).resolves.toMatchObject({
      user: { name: 'Абенов Тимур' },
    });
    expect(post.mock.calls[0]![2]).toEqual({ headers: { 'Idempotency-Key': 'k-1' } });
  });

  it('keeps a scan answered 200 by something that is not our server (a captive portal page)', async () => {
    vi.spyOn(api, 'post').mockResolvedValue('<html>Wi-Fi login</html>');
    const err = await sendScan('/api/school/fixation', { cardId: 'A1', schoolId: 1 }, 'k-2').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0 });
  });
});

describe('feedback helpers', () => {
  it('strips the scanner’s newline and refuses codes too short to be a card', () => {
    expect(cleanCode('7700000001\r\n')).toBe('7700000001');
    expect(cleanCode(' AB1 ')).toBe('AB1');
    expect(cleanCode(' \r\n')).toBeNull();
    expect(isCardLike('AB1')).toBe(false);
    expect(isCardLike('AB12')).toBe(true);
  });

  it('has no card for a 429, whichever scan it answers', () => {
    const scan = { key: 'k', url: '/api/fixation', body: { cardId: 'X1' }, scannedAt: '', tries: 0 };
    expect(feedbackOf({ kind: 'refused', error: refused(429, ''), scan, fromQueue: false })).toBeNull();
    expect(feedbackOf({ kind: 'refused', error: refused(404, 'Карта не найдена'), scan, fromQueue: false })).toEqual({
      kind: 'refusal',
      code: 'X1',
      reason: 'Карта не найдена',
    });
  });

  it('names the holder of a refused card when the server does', () => {
    const scan = { key: 'k', url: '/api/fixation', body: { cardId: 'X1' }, scannedAt: '', tries: 0 };
    const person = {
      id: 3,
      name: 'Абенов Тимур',
      job_title: null,
      image: null,
      classroom: { id: 4, name: '3 «А»', name_ru: '3 «А»', name_kk: null },
    };
    const error = new ApiError({
      status: 409,
      code: 'Conflict',
      errorMessage: 'Уже получил(а) питание сегодня в 12:05',
      body: { error: 'Conflict', errorMessage: 'Уже получил(а) питание сегодня в 12:05', person },
    });
    expect(feedbackOf({ kind: 'refused', error, scan, fromQueue: false })).toEqual({
      kind: 'refusal',
      code: 'X1',
      reason: 'Уже получил(а) питание сегодня в 12:05',
      person,
    });
  });

  it("shows a visit's time as dd.MM.yyyy HH:mm in Almaty time, whatever the PC's zone", () => {
    expect(formatVisitTime('2026-11-20T07:05:00.000Z')).toBe('20.11.2026 12:05');
    expect(formatVisitTime('2026-12-31T19:30:00.000Z')).toBe('01.01.2027 00:30');
    expect(formatVisitTime('garbage')).toBe('');
  });
});
