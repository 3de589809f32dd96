import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointPath } from './endpoint-client.ts';

const src = path.resolve(import.meta.dirname, '..');

/** Every source file of the web app but the tests. */
const sources = (): string[] =>
  fs
    .readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(src, f));

describe('the web calls the API only by the contract’s names', () => {
  it('writes no /api/ address of its own', () => {
    const literals = sources().flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/['"`]\/api\/[^'"`]*/g)].map(
        (m) => `${path.relative(src, file)}: ${m[0]}`,
      ),
    );
    expect(literals).toEqual([]);
  });

  it('fills an address from a name, its params and its query', () => {
    expect(endpointPath('classrooms', 'upload', { query: { schoolId: 3 } })).toBe('/api/classroom/upload?schoolId=3');
    expect(endpointPath('books', 'importLabels', { params: { id: 7 } })).toBe('/api/books/import/7/labels');
    expect(endpointPath('users', 'template')).toBe('/api/users/template');
  });
});
