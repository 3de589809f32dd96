import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { ROLE_IDS } from '@tamaq/contract/roles';
import { parentChildren, users } from '../platform/db/schema-people.ts';
import {
  bookBarcodes,
  bookCategories,
  bookHistories,
  bookLoans,
  bookOverdueNotices,
  books,
} from '../platform/db/schema-library.ts';
import { localDate } from '../platform/time.ts';
import { generatedBarcode } from '../modules/books/book-copies.service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DemoLibraryPlace {
  organizationId: number;
  schoolId: number;
  librarianId: number;
  /** The demo parent's child here: exactly two books on hand, one overdue, for the parent's page. */
  familyChildId: number;
}

const SUBJECTS: [string, string, string][] = [
  ['Алгебра', 'Абылкасымова А. Е., Кучер Т. П.', 'Математика'],
  ['Геометрия', 'Шыныбеков А. Н.', 'Математика'],
  ['Математика', 'Алтынбекова А. Т.', 'Математика'],
  ['Русский язык', 'Жанпейс У. А.', 'Русский язык'],
  ['Казахский язык', 'Оралбаева Н. С.', 'Казахский язык'],
  ['Английский язык', 'Evans V., Dooley J.', 'Английский язык'],
  ['История Казахстана', 'Кабульдинов З. Е.', 'История'],
  ['Всемирная история', 'Алдабек Н. А.', 'История'],
  ['Физика', 'Закирова Н. А., Аширов Р. Р.', 'Физика'],
  ['Химия', 'Оспанова М. К.', 'Химия'],
  ['Биология', 'Очкур Е. А.', 'Биология'],
  ['География', 'Каймулдинова К. Д.', 'География'],
  ['Информатика', 'Кадыркулов Р. А.', 'Информатика'],
  ['Литература', 'Бейсенова А. С.', 'Литература'],
];
const PUBLISHERS = ['Мектеп', 'Атамұра', 'Алматыкітап баспасы', 'Арман-ПВ', 'Express Publishing'];

const FICTION: [string, string][] = [
  ['Путь Абая', 'Ауэзов М.'],
  ['Слова назидания', 'Абай Кунанбаев'],
  ['Кочевники', 'Есенберлин И.'],
  ['Белый пароход', 'Айтматов Ч.'],
  ['Материнское поле', 'Айтматов Ч.'],
  ['Капитанская дочка', 'Пушкин А. С.'],
  ['Евгений Онегин', 'Пушкин А. С.'],
  ['Герой нашего времени', 'Лермонтов М. Ю.'],
  ['Мёртвые души', 'Гоголь Н. В.'],
  ['Отцы и дети', 'Тургенев И. С.'],
  ['Преступление и наказание', 'Достоевский Ф. М.'],
  ['Война и мир', 'Толстой Л. Н.'],
  ['Вишнёвый сад', 'Чехов А. П.'],
  ['Мастер и Маргарита', 'Булгаков М. А.'],
  ['Тихий Дон', 'Шолохов М. А.'],
  ['Маленький принц', 'Сент-Экзюпери А.'],
  ['Приключения Тома Сойера', 'Твен М.'],
  ['Робинзон Крузо', 'Дефо Д.'],
  ['Остров сокровищ', 'Стивенсон Р. Л.'],
  ['Двадцать тысяч льё под водой', 'Верн Ж.'],
  ['Алые паруса', 'Грин А.'],
  ['Дети капитана Гранта', 'Верн Ж.'],
  ['Старик и море', 'Хемингуэй Э.'],
  ['Гарри Поттер и философский камень', 'Роулинг Дж. К.'],
  ['Хроники Нарнии', 'Льюис К. С.'],
  ['Ана тілі', 'Байтұрсынов А.'],
  ['Менің атым Қожа', 'Сөкенбаев Б.'],
  ['Қан мен тер', 'Нұрпейісов Ә.'],
  ['Аққаңқа', 'Айтматов Ш.'],
  ['Бақытсыз Жамал', 'Дулатов М.'],
];
const REFERENCE: [string, string][] = [
  ['Орфографический словарь русского языка', 'Лопатин В. В.'],
  ['Русско-казахский словарь', 'Кенесбаев І.'],
  ['Англо-русский словарь', 'Мюллер В. К.'],
  ['Энциклопедия «Казахстан»', 'Коллектив авторов'],
  ['Атлас мира', 'Картография'],
  ['Толковый словарь', 'Ожегов С. И.'],
];

/** A small deterministic generator: the same demo on every start. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * The librarian's school library: five categories, about 300 books (textbooks for every
 * grade, fiction, reference) with one to three labelled copies each, and copies on hand with pupils
 * — some overdue, some due within three days, most in time — so every library screen has rows.
 */
export async function loadDemoLibrary(tx: Tx, p: DemoLibraryPlace, now: Date): Promise<void> {
  const rnd = random(11);
  const base = { organizationId: p.organizationId, schoolId: p.schoolId };
  const categories = await tx
    .insert(bookCategories)
    .values(
      [
        'Учебники',
        'Художественная литература',
        'Словари и справочники',
        'Методическая литература',
        'Детская литература',
      ].map((name) => ({ ...base, name })),
    )
    .returning({ id: bookCategories.id, name: bookCategories.name });
  const category = (name: string) => categories.find((c) => c.name === name)!.id;

  const catalogue: (typeof books.$inferInsert)[] = [];
  for (const [subject, authors, discipline] of SUBJECTS) {
    for (let grade = 1; grade <= 11; grade++) {
      if ((subject === 'Алгебра' || subject === 'Геометрия') && grade < 7) continue;
      if (['Физика', 'Химия', 'История Казахстана', 'Всемирная история'].includes(subject) && grade < 6) continue;
      if (subject === 'Математика' && grade > 6) continue;
      catalogue.push({
        ...base,
        categoryId: category('Учебники'),
        name: `${subject}. ${grade} класс`,
        authors,
        publisher: PUBLISHERS[Math.floor(rnd() * PUBLISHERS.length)]!,
        year: 2016 + Math.floor(rnd() * 8),
        language: subject === 'Казахский язык' ? 'казахский' : subject === 'Английский язык' ? 'английский' : 'русский',
        discipline,
        direction: grade <= 4 ? 'начальная школа' : grade <= 9 ? 'основная школа' : 'естественно-математическое',
        type: 'учебник',
      });
    }
  }
  for (const [name, authors] of FICTION) {
    for (const edition of [0, 1, 2]) {
      catalogue.push({
        ...base,
        categoryId: category(edition === 2 ? 'Детская литература' : 'Художественная литература'),
        name: edition === 0 ? name : `${name} (издание ${edition + 1})`,
        authors,
        publisher: PUBLISHERS[Math.floor(rnd() * 3)]!,
        year: 1995 + Math.floor(rnd() * 28),
        language: 'русский',
        type: 'художественная книга',
      });
    }
  }
  for (const [name, authors] of REFERENCE) {
    for (const year of [2012, 2018, 2022]) {
      catalogue.push({
        ...base,
        categoryId: category('Словари и справочники'),
        name: `${name}, ${year}`,
        authors,
        publisher: 'Мектеп',
        year,
        type: 'справочник',
      });
    }
  }
  for (let i = 1; catalogue.length < 300; i++) {
    catalogue.push({
      ...base,
      categoryId: category('Методическая литература'),
      name: `Методическое пособие для учителя, часть ${i}`,
      authors: 'Министерство просвещения РК',
      publisher: 'Мектеп',
      year: 2020 + (i % 5),
      type: 'методическое пособие',
    });
  }
  const made = await tx.insert(books).values(catalogue).returning({ id: books.id, category: books.categoryId });
  const librarianId = p.librarianId;
  await tx
    .insert(bookHistories)
    .values(
      made.map((b) => ({ organizationId: p.organizationId, bookId: b.id, action: 'created' as const, librarianId })),
    );

  let n = 0;
  const labels = made.flatMap((b) =>
    Array.from({ length: b.category === category('Учебники') ? 3 : 1 + Math.floor(rnd() * 2) }, () => ({
      ...base,
      bookId: b.id,
      barcode: generatedBarcode(p.schoolId, ++n),
    })),
  );
  const copies = await tx
    .insert(bookBarcodes)
    .values(labels)
    .returning({ id: bookBarcodes.id, bookId: bookBarcodes.bookId });
  await tx.insert(bookHistories).values(
    copies.map((c) => ({
      organizationId: p.organizationId,
      bookId: c.bookId,
      barcodeId: c.id,
      action: 'barcode_created' as const,
      librarianId,
    })),
  );

  // Copies on hand: about sixty pupils hold one or two each; due dates spread around today.
  const pupils = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.schoolId, p.schoolId), isNotNull(users.classroomId)))
    .orderBy(users.id)
    .limit(60);
  const today = localDate(now);
  const loans: (typeof bookLoans.$inferInsert)[] = [];
  let next = 0;
  for (const [i, pupil] of pupils.entries()) {
    if (pupil.id === p.familyChildId) continue;
    for (let k = 0; k < 1 + (i % 2); k++) {
      const copy = copies[(next += 7) % copies.length]!;
      // Every fifth loan is overdue, every fifth due within three days, the rest in time.
      const kind = loans.length % 5;
      const due =
        kind === 0
          ? addDays(today, -1 - (loans.length % 20))
          : kind === 1
            ? addDays(today, loans.length % 4)
            : addDays(today, 7 + (loans.length % 60));
      loans.push({
        ...base,
        barcodeId: copy.id,
        userId: pupil.id,
        issuedBy: librarianId,
        expiredAt: due,
        issuedAt: new Date(now.getTime() - (20 + (loans.length % 30)) * 86_400_000),
      });
    }
  }
  // The demo parent's child: a book three days late and one due in five days.
  const lent = new Set(loans.map((l) => l.barcodeId));
  const free = copies.filter((c) => !lent.has(c.id));
  for (const [k, due] of [addDays(today, -3), addDays(today, 5)].entries())
    loans.push({
      ...base,
      barcodeId: free[k * 13]!.id,
      userId: p.familyChildId,
      issuedBy: librarianId,
      expiredAt: due,
      issuedAt: new Date(now.getTime() - (17 + k * 9) * 86_400_000),
    });
  const unique = [...new Map(loans.map((l) => [l.barcodeId, l])).values()];
  const opened = await tx.insert(bookLoans).values(unique).returning({
    id: bookLoans.id,
    userId: bookLoans.userId,
    expiredAt: bookLoans.expiredAt,
  });
  for (const l of unique) {
    await tx.update(bookBarcodes).set({ total: 1 }).where(eq(bookBarcodes.id, l.barcodeId));
  }
  await tx.insert(bookHistories).values(
    unique.map((l) => ({
      organizationId: p.organizationId,
      bookId: copies.find((c) => c.id === l.barcodeId)!.bookId,
      barcodeId: l.barcodeId,
      action: 'took' as const,
      librarianId,
      userId: l.userId,
      data: { expired_at: l.expiredAt },
      createdAt: l.issuedAt!,
    })),
  );

  // Yesterday's overdue notices: a mother of three pupils with overdue copies got them; the other
  // pupils have no parent account, as most do on a first run.
  const yesterday = addDays(today, -1);
  const overdue = opened.filter((l) => l.expiredAt < yesterday);
  const children = [...new Set(overdue.map((l) => l.userId))].filter((id) => id !== p.familyChildId).slice(0, 3);
  const email = 'zhanna.library@demo.kz';
  const [mother] = await tx
    .insert(users)
    .values({ name: 'Жанна Сапарова', email, roleId: ROLE_IDS.Parent, organizationId: null, regionId: 2 })
    .returning({ id: users.id });
  await tx.insert(parentChildren).values(children.map((pupilId) => ({ parentId: mother!.id, pupilId })));
  if (overdue.length > 0) {
    await tx.insert(bookOverdueNotices).values(
      overdue.map((l) => {
        const family = l.userId === p.familyChildId;
        const sent = family || children.includes(l.userId);
        return {
          ...base,
          loanId: l.id,
          day: yesterday,
          // The demo never mailed anyone: its notices to a parent are kept, not sent.
          status: sent ? ('kept' as const) : ('no_parent' as const),
          recipients: family ? ['parent@demo.kz'] : sent ? [email] : [],
          sentAt: null,
        };
      }),
    );
  }
}
