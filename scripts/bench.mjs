// npm run bench: every benchmark in bench/, printed as one table. Run on an idle machine.
import os from 'node:os';
import { benchStartup } from '../bench/startup.mjs';
import { benchApi } from '../bench/api.mjs';

console.log(
  `Tamaq benchmarks — ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}\n`,
);
const rows = [...(await benchStartup()), ...(await benchApi())];
const width = Math.max(...rows.map((r) => r.name.length));
for (const r of rows) console.log(`${r.name.padEnd(width)}  ${r.value.padStart(12)}  ${r.rss ?? ''}`);
