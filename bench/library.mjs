// The school library at 50,000 books, on the embedded database. The demo data, then
// 50,000 more books with one labelled copy each in the librarian's school (generated in SQL: school
// textbooks by subject, grade and part, and fiction titles from word lists, with authors from a list
// of surnames). Then, as the librarian through HTTP: 40 book searches with a typo or Latin
// look-alike letters (the first 10 right after the server starts, reported apart), 100 desk scans of a copy (GET /api/book/by/barcode), and 20 issues of 10
// copies each (then their return). Targets: search ≤ 50 ms, scan ≤ 30 ms, issue of 10 ≤ 50 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { login, startBenchServer } from './server.mjs';

const BOOKS = 50_000;
const PORT = 18260;
const SEARCHES = [
  'алгерба', // алгебра, two letters swapped
  'геометря',
  'физкиа',
  'Ауезов', // Ауэзов
  'xимия', // Latin x
  'биoлoгия', // Latin o
  'истоиря казахстана',
  'литератуа',
  'пушкн', // Пушкин
  'Абай',
];

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const ms = (x) => `${x.toFixed(1)} ms`;

/** Builds the data directory: schema, demo data, then the 50,000 books and their copies. */
async function buildDataDir(dataDir) {
  const { openEmbeddedPostgres } = await tsImport('../server/src/platform/db/client.ts', import.meta.url);
  const { migrate } = await tsImport('../server/src/platform/db/migrate.ts', import.meta.url);
  const { ensureReferenceData } = await tsImport('../server/src/platform/db/reference-data.ts', import.meta.url);
  const { loadDemoData } = await tsImport('../server/src/demo/demo-data.ts', import.meta.url);
  // The embedded PostgreSQL of DATA_DIR, as the server starts it; stopped again when closed.
  const database = await openEmbeddedPostgres(dataDir);
  const client = { query: (text, values) => database.db.$client.query(text, values) };
  await migrate(database);
  await ensureReferenceData(database.db);
  await loadDemoData(database.db);
  const {
    rows: [school],
  } = await client.query(
    `select s.id, s.organization_id from schools s join users u on u.school_id = s.id where u.email = 'librarian@demo.kz'`,
  );
  await client.query(`select setseed(0.42)`);
  await client.query(
    `insert into books (organization_id, school_id, name, authors, publisher, year, language)
     select $1, $2,
       case when i % 5 < 2 then
         (array['Алгебра','Геометрия','Физика','Химия','Биология','История Казахстана','Всемирная история',
                'Русский язык','Казахский язык','Английский язык','Литература','География','Информатика',
                'Математика','Естествознание','Познание мира','Самопознание','Художественный труд'])[1 + i % 18]
         || ' ' || (1 + i % 11) || ' класс. Часть ' || (1 + i % 3)
       else
         (array['Путь','Песнь','Сказание','Повесть','Легенда','Тайна','Дорога','Сердце','Слово','Память',
                'Звезда','Дом','Ветер','Море','Степь','Город','Сад','Письмо','Остров','Голос'])[1 + (i * 7) % 20]
         || ' ' || (array['Абая','степи','гор','мастера','времени','осени','весны','отца','детства','Алтая',
                'капитана','надежды','дружбы','ночи','реки','солнца','зимы','юности','героя','мечты'])[1 + (i * 13) % 20]
         || ' ' || (array['','и другие рассказы','Роман','Книга первая','Книга вторая','Избранное',
                'Сборник','Повести','Стихи','Очерки'])[1 + (i * 3) % 10]
       end,
       (array['Ауэзов М.','Абай Кунанбаев','Толстой Л.Н.','Пушкин А.С.','Жумабаев М.','Есенберлин И.',
              'Алимкулов Т.','Шолохов М.А.','Чехов А.П.','Иванов С.П.','Абылкасымова А.Е.','Шыныбеков А.Н.',
              'Кайдасов Ж.','Мусрепов Г.','Сейфуллин С.','Лермонтов М.Ю.','Гоголь Н.В.','Жансугуров И.',
              'Майлин Б.','Сулейменов О.'])[1 + (i * 11) % 20],
       (array['Атамұра','Мектеп','Алматыкітап','Арман-ПВ','Просвещение'])[1 + i % 5],
       1990 + i % 35, 'ru'
     from generate_series(1, ${BOOKS}) i`,
    [school.organization_id, school.id],
  );
  await client.query(
    `insert into book_barcodes (organization_id, school_id, book_id, barcode)
     select organization_id, school_id, id, 'BN-' || lpad((row_number() over (order by id))::text, 7, '0')
     from books b where school_id = $1 and not exists (select 1 from book_barcodes c where c.book_id = b.id)`,
    [school.id],
  );
  const {
    rows: [pupil],
  } = await client.query(
    `select c.number from cards c join users u on u.id = c.user_id
     where u.school_id = $1 and u.classroom_id is not null order by u.id limit 1`,
    [school.id],
  );
  await client.query('analyze');
  const {
    rows: [{ count }],
  } = await client.query(`select count(*)::int as count from books where school_id = $1`, [school.id]);
  await database.close();
  return { schoolId: school.id, books: count, card: pupil.number };
}

export async function benchLibrary() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-bench-'));
  try {
    const built = await buildDataDir(dataDir);
    const server = await startBenchServer({
      port: PORT,
      dataDir,
      ready: async (url) => (await fetch(`${url}/api/health`)).ok,
    });
    try {
      const token = await login(server.url, 'librarian@demo.kz');
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const call = async (method, url, body) => {
        const started = performance.now();
        const res = await fetch(`${server.url}${url}`, {
          method,
          headers,
          body: body ? JSON.stringify(body) : undefined,
        });
        const json = await res.json();
        const took = performance.now() - started;
        if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
        return { took, json };
      };

      // The first round runs on a cold server (pages not yet read, code not yet compiled), the
      // others warm.
      const cold = [];
      const search = [];
      let found = 0;
      for (let round = 0; round < 4; round++) {
        for (const q of SEARCHES) {
          const r = await call('GET', `/api/books/list?schoolId=${built.schoolId}&query=${encodeURIComponent(q)}`);
          (round === 0 ? cold : search).push(r.took);
          if (r.json.rows.length > 0) found++;
        }
      }

      const { json: student } = await call('GET', `/api/book/student?card=${built.card}&schoolId=${built.schoolId}`);
      const scan = [];
      for (let i = 0; i < 100; i++) {
        const barcode = `BN-${String(1 + ((i * 487) % built.books)).padStart(7, '0')}`;
        scan.push((await call('GET', `/api/book/by/barcode?barcode=${barcode}&user_id=${student.id}`)).took);
      }

      const issue = [];
      const back = [];
      const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
      for (let n = 0; n < 20; n++) {
        const ids = [];
        for (let k = 0; k < 10; k++) {
          const barcode = `BN-${String(20_000 + n * 10 + k).padStart(7, '0')}`;
          ids.push((await call('GET', `/api/book/by/barcode?barcode=${barcode}&user_id=${student.id}`)).json.id);
        }
        issue.push(
          (await call('POST', '/api/book/issuance', { user_id: student.id, book_ids: ids, expired_at: due })).took,
        );
        back.push((await call('POST', '/api/book/returning', { user_id: student.id, book_ids: ids })).took);
      }

      return [
        {
          name: `book search, typo or Latin look-alikes (${search.length} warm, ${built.books} books)`,
          value: `${ms(quantile(search, 0.5))} median`,
          rss: `p95 ${ms(quantile(search, 0.95))}, max ${ms(Math.max(...search))}; first ${cold.length} after start: median ${ms(quantile(cold, 0.5))}, max ${ms(Math.max(...cold))}; ${found}/${search.length + cold.length} found; target ≤ 50 ms`,
        },
        {
          name: `library desk scan of a copy (${scan.length})`,
          value: `${ms(quantile(scan, 0.5))} median`,
          rss: `p95 ${ms(quantile(scan, 0.95))}, max ${ms(Math.max(...scan))}; target ≤ 30 ms`,
        },
        {
          name: `issue of 10 copies (${issue.length})`,
          value: `${ms(quantile(issue, 0.5))} median`,
          rss: `p95 ${ms(quantile(issue, 0.95))}, max ${ms(Math.max(...issue))}; return of 10 median ${ms(quantile(back, 0.5))}; target ≤ 50 ms`,
        },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchLibrary()) console.log(`${r.name}  ${r.value}  ${r.rss}`);
}
