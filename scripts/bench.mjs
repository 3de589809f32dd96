// npm run bench: every benchmark in bench/, printed as one table. Run on an idle machine.
import os from 'node:os';
import { benchStartup } from '../bench/startup.mjs';
import { benchApi } from '../bench/api.mjs';
import { benchImport } from '../bench/import.mjs';
import { benchScan } from '../bench/scan.mjs';
import { benchNotify } from '../bench/notify.mjs';
import { benchOrders } from '../bench/orders.mjs';
import { benchReports } from '../bench/reports.mjs';
import { benchBackup } from '../bench/backup.mjs';
import { benchSearchLoad } from '../bench/search-load.mjs';
import { benchLibrary } from '../bench/library.mjs';
import { benchNutrition } from '../bench/nutrition.mjs';
import { benchQueue } from '../bench/queue.mjs';
import { benchPageWeight } from '../bench/page-weight.mjs';
import { benchFeedback } from '../bench/feedback.mjs';
import { postgresAvailable } from '../bench/postgres.mjs';

console.log(
  `Tamaq benchmarks — ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}\n`,
);
const rows = [
  ...(await benchStartup()),
  ...(await benchApi()),
  ...(await benchImport()),
  ...(await benchSearchLoad()),
  ...(await benchLibrary()),
  ...(await benchNutrition()),
  ...(await benchQueue()),
  ...(await benchPageWeight()),
  ...(await benchFeedback()),
];
// The scan benchmark needs a PostgreSQL server (50,000 pupils, 2 million visits).
if (await postgresAvailable())
  rows.push(
    ...(await benchScan()),
    ...(await benchNotify()),
    ...(await benchOrders()),
    ...(await benchReports()),
    ...(await benchBackup()),
  );
else
  rows.push({ name: 'scans, orders, reports and backups (need PostgreSQL: set BENCH_DATABASE_URL)', value: 'skipped' });
const width = Math.max(...rows.map((r) => r.name.length));
for (const r of rows) console.log(`${r.name.padEnd(width)}  ${r.value.padStart(12)}  ${r.rss ?? ''}`);
