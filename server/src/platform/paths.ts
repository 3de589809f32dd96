import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (`server/`), found from this file whether it runs from its source
 * (`server/src/platform`) or from the bundle `npm start` builds (`server/dist`).
 */
function serverRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'drizzle', 'meta'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`server/drizzle not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

export const SERVER_ROOT = serverRoot();
