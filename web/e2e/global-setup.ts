import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';
import { E2E_WORKERS } from './workers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
  }
}

/**
 * One server per worker: the test files of a worker run one after another against its own server (its own
 * database and demo data), as they would on a single one, and two workers never share a pupil's lunch.
 */
export default async function setup(project: TestProject) {
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer()));
  project.provide(
    'baseUrls',
    servers.map((s) => s.url),
  );
  return () => Promise.all(servers.map((s) => s.stop()));
}
