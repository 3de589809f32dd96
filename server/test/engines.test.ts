import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const semver = require('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every installed package, hoisted or nested, in every workspace. */
function* installed(dir: string): Generator<{ name: string; version: string; engines?: { node?: string } }> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir)) {
    if (entry.startsWith('.')) continue;
    const at = path.join(dir, entry);
    if (entry.startsWith('@')) {
      yield* installed(at);
      continue;
    }
    const manifest = path.join(at, 'package.json');
    if (fs.existsSync(manifest)) yield JSON.parse(fs.readFileSync(manifest, 'utf8'));
    yield* installed(path.join(at, 'node_modules'));
  }
}

describe('the declared Node.js engines', () => {
  it('are true: every installed package runs on the oldest Node.js that package.json admits', () => {
    const declared = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node as string;
    const oldest = semver.minVersion(declared)!.version;
    const refusing: string[] = [];
    for (const dir of ['node_modules', 'server/node_modules', 'web/node_modules', 'contract/node_modules']) {
      for (const pkg of installed(path.join(root, dir))) {
        const wants = pkg.engines?.node;
        if (typeof wants === 'string' && !semver.satisfies(oldest, wants)) {
          refusing.push(`${pkg.name}@${pkg.version} needs Node ${wants}`);
        }
      }
    }
    // npm ci warned for cookie 2 and content-disposition 3 (Node ≥ 22) while we declared ≥ 20.19.
    expect(refusing).toEqual([]);
  });
});
