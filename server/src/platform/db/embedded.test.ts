import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openEmbedded } from './client.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tamaq-embedded-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// PGlite's default pool of 128 MB made the embedded server hold ~460 MB before any work (issue 12).
it('opens the embedded database with a 16 MB buffer pool, again on an existing directory', async () => {
  for (let open = 0; open < 2; open++) {
    const { client } = await openEmbedded(dir);
    try {
      const { rows } = await client.query<{ shared_buffers: string }>('show shared_buffers');
      expect(rows[0]!.shared_buffers).toBe('16MB');
    } finally {
      await client.close();
    }
  }
}, 60_000);
