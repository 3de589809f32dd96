/**
 * Creates the first super admin on a PostgreSQL server database (`DATABASE_URL`), where no demo
 * data is loaded. Usage: npm run create-superadmin -- <e-mail> <name>; the password is read from
 * SUPERADMIN_PASSWORD or asked for on the terminal.
 */
import { createInterface } from 'node:readline/promises';
import { eq } from 'drizzle-orm';
import { ROLE_IDS } from '@tamaq/contract/roles';
import { email as emailSchema, newPassword } from '@tamaq/contract/zod';
import { loadConfig } from '../src/platform/config.ts';
import { fromPostgresUrl } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { ensureReferenceData } from '../src/platform/db/reference-data.ts';
import { users } from '../src/platform/db/schema-people.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';

const die = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const [emailArg, ...nameParts] = process.argv.slice(2);
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    return die((err as Error).message);
  }
})();
if (!config.databaseUrl) die('DATABASE_URL не задан: на встроенной базе демо-данные уже содержат superadmin@demo.kz');
const email = emailSchema().safeParse(emailArg ?? '');
if (!email.success) die('Использование: npm run create-superadmin -- <e-mail> [имя]');
const name = nameParts.join(' ').trim() || 'Супер администратор';

let password = process.env.SUPERADMIN_PASSWORD ?? '';
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question('Пароль (не короче 8 символов): ');
  rl.close();
}
if (!newPassword().safeParse(password).success) die('Пароль должен быть не короче 8 символов');

const database = fromPostgresUrl(config.databaseUrl!, 2);
await migrate(database);
await ensureReferenceData(database.db);
const existing = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email.data!)).limit(1);
if (existing.length) die(`Пользователь ${email.data} уже существует`);
await database.db.insert(users).values({
  email: email.data!,
  name,
  roleId: ROLE_IDS.SuperAdmin,
  passwordHash: await hashPassword(password),
});
await database.close();
console.log(`Супер администратор ${email.data} создан`);
