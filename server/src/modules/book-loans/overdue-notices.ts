import { nameInLanguage } from '@tamaq/contract/names';
import { classroomNames } from '../../platform/db/places.ts';
import {
  LIBRARY_MESSAGES,
  OVERDUE_NOTICE_HOUR,
  type OverdueNoticeList,
  type OverdueNoticeQuery,
} from '@tamaq/contract/library';
import { translate, withKazakh, type Language } from '@tamaq/contract/languages';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { SchoolsService } from '../schools/schools.service.ts';
import { createOverdueNoticesRepository, type NoticeToSend } from './overdue-notices.repository.ts';
import { lookPeriodically } from '../../platform/periodic.ts';
import { writeNotices } from '../../platform/db/notices.ts';

/** A book's notice «due soon» goes this many days before its due day. */
export const BOOK_DUE_DAYS = 2;

/** How often an instance looks for notices to send; the first look is soon after start. */
export const OVERDUE_NOTICE_EVERY_MS = 10 * 60_000;
const FIRST_LOOK_MS = 30_000;

const russianDate = (date: string) => date.split('-').reverse().join('.');

const WORDS = withKazakh(
  {
    subject: (pupil: string) => `Библиотека: ${pupil} не вернул(а) книги вовремя`,
    greeting: 'Здравствуйте!',
    lead: (pupil: string, school: string) =>
      `У ученика ${pupil} не возвращены в библиотеку школы «${school}» книги, срок которых прошёл:`,
    line: (book: string, authors: string, barcode: string, due: string) =>
      `— ${book} (${authors}), штрихкод ${barcode}, вернуть до ${due}`,
    ask: 'Пожалуйста, напомните вернуть их в библиотеку. Если книги уже сданы, не обращайте внимания на это письмо.',
  } as const,
  {
    subject: (pupil: string) => `Кітапхана: ${pupil} кітаптарды уақытында қайтармады`,
    greeting: 'Сәлеметсіз бе!',
    lead: (pupil: string, school: string) =>
      `${pupil} оқушысы «${school}» мектебінің кітапханасына мерзімі өткен кітаптарды қайтармады:`,
    line: (book: string, authors: string, barcode: string, due: string) =>
      `— ${book} (${authors}), штрихкоды ${barcode}, ${due} дейін қайтару керек`,
    ask: 'Оларды кітапханаға қайтаруды еске салыңыз. Егер кітаптар тапсырылған болса, бұл хатқа назар аудармаңыз.',
  },
);

/** One pupil's overdue copies, as their parents read them, in `language`. */
function noticeMail(notices: NoticeToSend[], language: Language) {
  const say = (text: string) => translate(text, language);
  const [first] = notices;
  const classroom =
    first!.classroomName === null
      ? null
      : nameInLanguage(
          {
            name: first!.classroomName,
            nameKk: first!.classroomNameKk,
            nameRuMissing: !!first!.classroomNameRuMissing,
          },
          language,
        );
  const pupil = classroom ? `${first!.pupilName} (${classroom})` : first!.pupilName;
  const lines = notices.map((n) => say(WORDS.line(n.bookName, n.authors, n.barcode, russianDate(n.expiredAt))));
  return {
    subject: say(WORDS.subject(first!.pupilName)),
    text: [
      say(WORDS.greeting),
      '',
      say(
        WORDS.lead(
          pupil,
          nameInLanguage(
            { name: first!.schoolName, nameKk: first!.schoolNameKk, nameRuMissing: first!.schoolNameRuMissing },
            language,
          ),
        ),
      ),
      ...lines,
      '',
      say(WORDS.ask),
      '',
      'Tamaq',
    ].join('\n'),
  };
}

/**
 * Overdue notices to parents: once a day, from 09:00 in each organization's time zone,
 * each open loan past its due date is claimed for the day (a unique key, so of several instances one
 * sends it), and the parents of each pupil get one e-mail listing the pupil's claimed copies.
 * Delivery is at most once a day: a notice claimed by an instance that stops before sending stays
 * `pending`, and the next day's notice is a new one.
 */
export function createOverdueNotices(platform: Platform, schools: SchoolsService) {
  const repo = createOverdueNoticesRepository(platform.db);

  /** One look: claims what is due now and sends it. Answers how many notices ended how. */
  async function runOnce() {
    await repo.writeDueSoon(platform.now(), OVERDUE_NOTICE_HOUR, BOOK_DUE_DAYS);
    const ids = await repo.claim(platform.now(), OVERDUE_NOTICE_HOUR);
    const notices = await repo.toSend(ids);
    const byPupil = new Map<number, NoticeToSend[]>();
    for (const n of notices) byPupil.set(n.pupilId, [...(byPupil.get(n.pupilId) ?? []), n]);
    // The parents who asked for overdue books by any channel hear of the copies claimed here.
    for (const own of byPupil.values()) {
      const [first] = own;
      await writeNotices(platform.db, {
        event: 'book_overdue',
        organizationId: first!.organizationId,
        at: platform.now(),
        items: [
          {
            pupilId: first!.pupilId,
            data: {
              schoolId: first!.schoolId,
              books: own.map((n) => ({ name: n.bookName, authors: n.authors, due: n.expiredAt })),
            },
          },
        ],
      });
    }
    const parents = await repo.parentEmails([...byPupil.keys()]);
    const outcome = { sent: 0, kept: 0, no_parent: 0, failed: 0 };
    for (const [pupilId, own] of byPupil) {
      const ownIds = own.map((n) => n.id);
      const to = parents.get(pupilId) ?? [];
      if (to.length === 0) {
        await repo.finish(ownIds, { status: 'no_parent', recipients: [], error: null, sentAt: null });
        outcome.no_parent += own.length;
        continue;
      }
      const reached: string[] = [];
      const errors: string[] = [];
      for (const { email: address, language, chosen } of to) {
        // The notice the parent chose goes by the notifications' worker (after their quiet hours).
        if (chosen) {
          reached.push(address);
          continue;
        }
        try {
          await platform.mailer.send({ to: address, ...noticeMail(own, language) });
          reached.push(address);
        } catch (err) {
          errors.push(`${address}: ${(err as Error).message}`);
        }
      }
      // Without a mail server the letters are only kept in the outbox: not «sent», nobody got them.
      const status = reached.length === 0 ? 'failed' : platform.mailer.delivers ? 'sent' : 'kept';
      const error = errors.length > 0 ? errors.join('; ') : null;
      await repo.finish(ownIds, {
        status,
        recipients: reached,
        error,
        sentAt: status === 'sent' ? platform.now() : null,
      });
      outcome[status] += own.length;
    }
    return outcome;
  }

  return {
    runOnce,

    /** Looks now and then every `OVERDUE_NOTICE_EVERY_MS`; answers the stop. */
    start(log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void }) {
      return lookPeriodically(
        async () => {
          const o = await runOnce();
          if (o.sent + o.kept + o.no_parent + o.failed > 0) log.info(o, 'overdue book notices');
        },
        { firstMs: FIRST_LOOK_MS, everyMs: OVERDUE_NOTICE_EVERY_MS, failed: 'overdue book notices failed' },
        log,
      );
    },

    /** `GET /api/books/notices`: what was sent to whom, newest day first. */
    async list(actor: Actor, q: OverdueNoticeQuery): Promise<OverdueNoticeList> {
      if (q.schoolId !== undefined && !(await schools.findVisible(actor, q.schoolId))) {
        throw notFound(LIBRARY_MESSAGES.schoolNotFound);
      }
      const { total, rows } = await repo.list(scopeOf(actor), {
        query: q.query || undefined,
        schoolId: q.schoolId,
        limit: q.limit,
        offset: q.offset,
      });
      return {
        total,
        rows: rows.map((r) => ({
          id: r.id,
          day: r.day,
          status: r.status,
          user: {
            id: r.userId,
            name: r.userName,
            classroom: classroomNames(r),
          },
          book: r.book,
          barcode: r.barcode,
          expired_at: r.expiredAt,
          recipients: r.recipients,
          error: r.error,
          sent_at: r.sentAt?.toISOString() ?? null,
        })),
      };
    },
  };
}
