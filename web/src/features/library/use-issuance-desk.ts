import { isLive } from '@tamaq/contract/live';

import type { LibraryStudent } from '@tamaq/contract/library';
import { App } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { errorText, isApiError } from '../../lib/api-client.ts';
import { formatDate, toApiDate } from '../../lib/dates.ts';
import { openLiveChannel } from '../../lib/live-channel.ts';
import { pageScanSounds } from '../../lib/scan-sounds.ts';
import { BURST_BREAK_MS, FIELD_BURST_MS } from '../../lib/scanner.ts';
import { useBarcodeScanner } from '../../lib/use-barcode-scanner.ts';

import { desk as api } from './api/desk.ts';
import { admitCopy, EMPTY_DESK, sameTitleCount, type Desk } from './desk-state.ts';
import { newRequestKey } from '../../lib/request-key.ts';

const t = i18n.library.issuance;
/** docs/product.md "States": the desk's messages go away after 5 seconds. */
const MESSAGE_MS = 5000;
/**
 * Keys typed while a question is open, and their Enter, at a scanner's pace: at least four, most of
 * them `FIELD_BURST_MS` apart or closer, none a pause apart (the scanner's own rule, lib/scanner.ts).
 */
function isScan(keys: { at: number }[], enterAt: number): boolean {
  if (keys.length < 4) return false;
  const gaps = [...keys.slice(1).map((k, i) => k.at - keys[i]!.at), enterAt - keys.at(-1)!.at];
  const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
  return median <= FIELD_BURST_MS && gaps.every((g) => g <= BURST_BREAK_MS);
}
/** The due date offered first: two weeks from today. */
const DEFAULT_LOAN_DAYS = 14;

type Note = { kind: 'success' | 'error' | 'info' | 'warning'; text: string };

/** The school's library channel: a card read at the desk reader brings its student here. */
function useLibraryReader(schoolId: number | null, onStudent: (s: LibraryStudent) => void) {
  const latest = useRef(onStudent);
  useEffect(() => {
    latest.current = onStudent;
  });
  useEffect(() => {
    if (schoolId === null) return;
    const channel = openLiveChannel({
      subscribe: () => api.subscribe(schoolId),
      onMessage: (message) => {
        if (isLive(message, 'student')) latest.current(message.student);
      },
    });
    return () => channel.close();
  }, [schoolId]);
}

/**
 * '/books/issuance' (docs/product.md "States"): a student by card (or from the desk reader), then copies by
 * scanner; the first copy sets the mode, Ctrl+Enter issues or takes back after a confirmation,
 * Esc starts over. Every step works from the keyboard and the scanner alone.
 */
/** The library desk: who is at it, the copies scanned, the question open, and its keys and scanner. */
export function useIssuanceDesk(schoolId: number | null) {
  const { modal } = App.useApp();
  const [state, setState] = useState<Desk>(EMPTY_DESK);
  // The desk as the last scan left it: scans run one after another and read it between renders.
  const stateRef = useRef(state);
  const update = useCallback((desk: Desk) => {
    stateRef.current = desk;
    setState(desk);
  }, []);
  const [due, setDue] = useState<Dayjs>(() => dayjs().add(DEFAULT_LOAN_DAYS, 'day'));
  const [note, setNote] = useState<Note | null>(null);
  const [busy, setBusy] = useState(false);
  const sounds = pageScanSounds();

  useEffect(() => {
    sounds.warm();
  }, [sounds]);
  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [note]);

  const say = useCallback(
    (kind: Note['kind'], text: string) => {
      setNote({ kind, text });
      if (kind === 'error' || kind === 'warning') sounds.play('refusal');
      if (kind === 'success') sounds.play('success');
    },
    [sounds],
  );

  /** A student at the desk: named, and warned of overdue books before anything is issued. */
  const greet = useCallback(
    (student: LibraryStudent) => {
      if (student.overdue === 0) say('info', t.studentFound(student.name));
      else if (student.overdue_rule === 'refuse') say('error', t.overdueRefused(student.name, student.overdue));
      else say('warning', t.overdueWarning(student.name, student.overdue));
    },
    [say],
  );

  // The open question: Enter confirms it at once, even before the dialog has focused its button.
  const confirmation = useRef<{ confirm: () => void } | null>(null);
  // Whether one is open (the scanner is off meanwhile), and the keys typed since it opened.
  const [asking, setAsking] = useState(false);
  const burst = useRef<{ key: string; at: number }[]>([]);
  const ask = useCallback(
    (title: string, okText: string, onOk: () => void) => {
      if (confirmation.current) return;
      const done = () => {
        if (confirmation.current !== entry) return;
        confirmation.current = null;
        setAsking(false);
        onOk();
      };
      const dialog = modal.confirm({
        title,
        okText,
        cancelText: t.cancel,
        autoFocusButton: 'ok',
        onCancel: () => {
          confirmation.current = null;
          setAsking(false);
        },
        onOk: done,
      });
      const entry = {
        confirm: () => {
          dialog.destroy();
          done();
        },
      };
      confirmation.current = entry;
      burst.current = [];
      setAsking(true);
    },
    [modal],
  );

  /** Another student's card while copies are scanned: the list goes only after asking. */
  const switchTo = useCallback(
    (student: LibraryStudent) => {
      const { copies } = stateRef.current;
      const go = () => {
        update({ ...EMPTY_DESK, student });
        greet(student);
      };
      if (copies.length === 0) go();
      else ask(t.confirmSwitch(student.name, copies.length), t.switchOk, go);
    },
    [ask, greet, update],
  );

  /** A copy taken back by its barcode alone: said with the book, the reader and a late return. */
  const checkIn = useCallback(
    async (schoolId: number, code: string) => {
      let back;
      try {
        back = await api.checkIn(schoolId, code);
      } catch (err) {
        // Neither a student of the school nor one of its copies.
        if (isApiError(err) && (err.status === 404 || err.status === 422)) say('error', t.noStudentNorCopy(code));
        else say('error', errorText(err));
        return;
      }
      if (!back.returned || !back.holder) say('info', t.checkInNotOnHand(back.book.name, back.barcode));
      else if (back.was_overdue) say('warning', t.checkedInLate(back.book.name, back.holder.name));
      else say('success', t.checkedIn(back.book.name, back.holder.name));
    },
    [say],
  );

  // Scans are looked up one after another, so two quick copies both land and a repeat is caught.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const onScan = useCallback(
    (code: string) => {
      queue.current = queue.current.then(async () => {
        const current = stateRef.current;
        try {
          if (current.student === null) {
            if (schoolId === null) return;
            let student;
            try {
              student = await api.student(schoolId, code);
            } catch (err) {
              if (!(isApiError(err) && (err.status === 404 || err.status === 422))) throw err;
              // Not a student's card: a copy scanned with nobody at the desk is taken back from
              // whoever holds it (a pile of returned books without their readers).
              await checkIn(schoolId, code);
              return;
            }
            update({ ...EMPTY_DESK, student });
            greet(student);
            return;
          }
          let copy;
          try {
            copy = await api.copy(code, current.student.id);
          } catch (err) {
            // Not a copy: another student's card switches the desk to them (after asking, if books wait).
            const other =
              schoolId !== null && isApiError(err) && (err.status === 404 || err.status === 422)
                ? await api.student(schoolId, code).catch(() => null)
                : null;
            if (!other) throw err;
            if (other.id === current.student.id) greet(other);
            else switchTo(other);
            return;
          }
          const result = admitCopy(stateRef.current, copy);
          if ('error' in result) {
            say('error', result.error);
            return;
          }
          // The school refuses a student with overdue books: taking them back is all the desk does.
          const { student } = current;
          if (result.desk.mode === 'issue' && student.overdue > 0 && student.overdue_rule === 'refuse') {
            say('error', t.overdueRefused(student.name, student.overdue));
            return;
          }
          const add = () => {
            // Read again: the desk may have changed while the question was open.
            const again = admitCopy(stateRef.current, copy);
            if ('error' in again) return say('error', again.error);
            update(again.desk);
            setNote(null);
            sounds.play('success');
          };
          // Another copy of a title the student holds or has in the list: asked, never issued unseen.
          const same = sameTitleCount(stateRef.current, copy);
          if (result.desk.mode === 'issue' && same > 0) {
            sounds.play('refusal');
            ask(t.confirmSameTitle(copy.book.name, same), t.sameTitleOk, add);
            return;
          }
          add();
        } catch (err) {
          say(
            'error',
            isApiError(err) && err.status === 404 && current.student === null ? t.noStudent(code) : errorText(err),
          );
        }
      });
    },
    [schoolId, say, sounds, update, greet, switchTo, checkIn, ask],
  );
  useBarcodeScanner(onScan, { enabled: schoolId !== null && !asking && !busy, takeEarlyKeys: true });

  useLibraryReader(schoolId, (student) => {
    if (stateRef.current.copies.length > 0) {
      say('info', t.readerBusy(student.name));
      return;
    }
    update({ ...EMPTY_DESK, student });
    greet(student);
  });

  const reset = useCallback(() => {
    update(EMPTY_DESK);
    setNote(null);
  }, [update]);

  /** The last issue, renewal or return sent and its Idempotency-Key, until it is answered. */
  const attempt = useRef<{ what: string; key: string } | null>(null);
  const submit = useCallback(
    (action: 'issue' | 'return' | 'renew') => {
      const { student, copies } = stateRef.current;
      if (!student || copies.length === 0 || busy || confirmation.current) return;
      const date = toApiDate(due);
      const run = async () => {
        setBusy(true);
        const ids = copies.map((c) => c.id);
        // The same request sent again (its answer lost on a bad network) keeps its key: the server
        // answers what it did the first time instead of «Книга уже выдана».
        const what = JSON.stringify([action, student.id, ids, date]);
        if (attempt.current?.what !== what) attempt.current = { what, key: newRequestKey() };
        const { key } = attempt.current;
        try {
          if (action === 'issue') await api.issue(student.id, ids, date, key);
          else if (action === 'renew') await api.renew(student.id, ids, date, key);
          else await api.takeBack(student.id, ids, key);
          attempt.current = null;
          update(EMPTY_DESK);
          say(
            'success',
            action === 'issue'
              ? t.issued(student.name, formatDate(date))
              : action === 'renew'
                ? t.renewed(formatDate(date))
                : t.accepted,
          );
        } catch (err) {
          say('error', errorText(err));
        } finally {
          setBusy(false);
        }
      };
      ask(
        action === 'issue'
          ? t.confirmIssue(copies.length, student.name, formatDate(date))
          : action === 'renew'
            ? t.confirmRenew(copies.length, formatDate(date))
            : t.confirmReturn(copies.length, student.name),
        action === 'issue' ? t.issue : action === 'renew' ? t.renew : t.takeBack,
        () => void run(),
      );
    },
    [ask, busy, due, say, update],
  );

  /** Esc: starts over; scanned copies are dropped only after asking. */
  const startOver = useCallback(() => {
    const { student, copies } = stateRef.current;
    if (student && copies.length > 0) ask(t.confirmReset(copies.length, student.name), t.resetOk, reset);
    else reset();
  }, [ask, reset]);

  // Ctrl+Enter opens the confirmation and Enter confirms it; Esc starts over.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const open = confirmation.current;
      if (open) {
        if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
          burst.current = [...burst.current, { key: e.key, at: e.timeStamp }].slice(-64);
        } else if (e.key === 'Enter') {
          e.preventDefault();
          e.stopPropagation();
          const keys = burst.current;
          burst.current = [];
          // A scan never answers a question: its keys came at a scanner's pace, ended by this Enter.
          // It is refused aloud, and the question stays for a person to answer.
          if (isScan(keys, e.timeStamp)) say('warning', t.scanWhileAsking(keys.map((k) => k.key).join('')));
          else open.confirm();
        }
        return;
      }
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        const mode = stateRef.current.mode;
        if (mode) submit(mode);
      } else if (
        e.key === 'Escape' &&
        !document.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')
      ) {
        // After this key is done: a question opened while it is still being dispatched would take
        // the same Esc as its own «Отмена» and close at once.
        setTimeout(startOver, 0);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [say, startOver, submit]);

  return { state, stateRef, update, due, setDue, note, busy, onScan, submit, startOver };
}
