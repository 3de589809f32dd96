import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Embedded mode keeps its own signing key in DATA_DIR, made on the first start (mode 0600). */
export function embeddedJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
