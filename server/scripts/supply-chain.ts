// The dependencies we ship, checked and listed:
//   tsx server/scripts/supply-chain.ts audit          `npm audit --omit=dev`: every advisory must be
//                                                     assessed in docs/dependencies.md (its GHSA id)
//   tsx server/scripts/supply-chain.ts sbom [file]    a CycloneDX bill of materials (`npm sbom`)
// `npm test` runs both. The audit needs the registry's advisory service: where it does not answer,
// the step says so and passes, since nothing can be known there (docs/dependencies.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ASSESSMENTS = path.join(root, 'docs', 'dependencies.md');

export interface Advisory {
  id: string;
  packageName: string;
  severity: string;
  title: string;
  url: string;
}

const GHSA = /GHSA(?:-[23456789cfghjmpqrvwx]{4}){3}/g;

/**
 * The advisories of an `npm audit --json` answer (report version 2), each once, or null when the
 * answer is not a report (the advisory service refused or did not answer).
 */
export function advisoriesOf(answer: unknown): Advisory[] | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const report = answer as { auditReportVersion?: unknown; vulnerabilities?: unknown; error?: unknown };
  if (report.error !== undefined || report.auditReportVersion !== 2) return null;
  if (typeof report.vulnerabilities !== 'object' || report.vulnerabilities === null) return null;
  const found = new Map<string, Advisory>();
  for (const entry of Object.values(report.vulnerabilities as Record<string, { via?: unknown }>)) {
    // `via` names the advisories themselves (objects) or the packages they come through (strings).
    for (const via of Array.isArray(entry.via) ? entry.via : []) {
      if (typeof via !== 'object' || via === null) continue;
      const v = via as { name?: unknown; severity?: unknown; title?: unknown; url?: unknown; source?: unknown };
      const url = String(v.url ?? '');
      const id = url.match(GHSA)?.[0] ?? `npm-${String(v.source ?? url)}`;
      if (!found.has(id)) {
        found.set(id, {
          id,
          packageName: String(v.name ?? ''),
          severity: String(v.severity ?? ''),
          title: String(v.title ?? ''),
          url,
        });
      }
    }
  }
  return [...found.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/** The advisory ids the assessments document speaks of. */
export const assessedIds = (doc: string): Set<string> => new Set(doc.match(GHSA) ?? []);

/** The advisories nobody has assessed yet. */
export const unassessed = (advisories: readonly Advisory[], doc: string): Advisory[] => {
  const known = assessedIds(doc);
  return advisories.filter((a) => !known.has(a.id));
};

/** `npm audit` for what is shipped; answers the exit code. */
export function audit(): number {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 90_000,
    shell: process.platform === 'win32',
  });
  let answer: unknown = null;
  try {
    answer = JSON.parse(run.stdout);
  } catch {
    answer = null;
  }
  const advisories = advisoriesOf(answer);
  if (!advisories) {
    const why = (run.stderr || run.stdout || String(run.error ?? '')).trim().split('\n').slice(-2).join(' ');
    console.log(`npm audit: the advisory service did not answer (${why || 'no answer'}); nothing to check here.`);
    return 0;
  }
  const open = unassessed(advisories, fs.readFileSync(ASSESSMENTS, 'utf8'));
  console.log(`npm audit: ${advisories.length} advisories for the shipped packages, ${open.length} not assessed.`);
  for (const a of open) console.log(`  ${a.id} ${a.severity} ${a.packageName}: ${a.title} ${a.url}`);
  if (open.length)
    console.log(`Assess each in ${path.relative(root, ASSESSMENTS)} (its GHSA id), or update the package.`);
  return open.length ? 1 : 0;
}

interface Bom {
  bomFormat?: string;
  components?: { 'bom-ref': string; name: string; version: string; properties?: { name: string; value: string }[] }[];
  dependencies?: { ref: string; dependsOn?: string[] }[];
}

const isDevelopment = (c: NonNullable<Bom['components']>[number]) =>
  (c.properties ?? []).some((p) => p.name === 'cdx:npm:package:development' && p.value === 'true');

/**
 * What is shipped of a whole bill: the packages npm marks as development tools dropped, with their
 * edges. (`npm sbom --omit=dev` drops React, which the web's packages also name as a peer.)
 */
export function shippedOnly(bom: Bom): Bom {
  const components = (bom.components ?? []).filter((c) => !isDevelopment(c));
  const kept = new Set(components.map((c) => c['bom-ref']));
  const dependencies = (bom.dependencies ?? [])
    .filter((d) => kept.has(d.ref) || !(bom.components ?? []).some((c) => c['bom-ref'] === d.ref))
    .map((d) => ({ ...d, dependsOn: (d.dependsOn ?? []).filter((r) => kept.has(r)) }));
  return { ...bom, components, dependencies };
}

/** The CycloneDX bill of materials of what is shipped (no dev tools), checked before it is written. */
export function sbom(file: string): number {
  const run = spawnSync('npm', ['sbom', '--sbom-format', 'cyclonedx'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    shell: process.platform === 'win32',
  });
  if (run.status !== 0) {
    console.log(`npm sbom failed: ${run.stderr.trim()}`);
    return 1;
  }
  const bom = shippedOnly(JSON.parse(run.stdout) as Bom);
  const names = new Set((bom.components ?? []).map((c) => c.name));
  const missing = ['fastify', 'pg', 'drizzle-orm', 'react', 'antd', 'zod'].filter((n) => !names.has(n));
  const tools = ['vitest', 'eslint', 'typescript'].filter((n) => names.has(n));
  if (bom.bomFormat !== 'CycloneDX' || missing.length || tools.length) {
    console.log(
      `npm sbom: not the shipped packages (missing ${missing.join(', ') || '—'}; tools ${tools.join(', ') || '—'})`,
    );
    return 1;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(bom, null, 2)}\n`);
  console.log(`${path.relative(process.cwd(), file)}: ${bom.components?.length ?? 0} packages shipped (CycloneDX).`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, file] = process.argv.slice(2);
  const version = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
  if (command === 'audit') process.exit(audit());
  else if (command === 'sbom')
    process.exit(sbom(path.resolve(file ?? path.join(root, 'dist', `tamaq-${version}.cdx.json`))));
  else {
    console.log('usage: supply-chain.ts audit | sbom [file]');
    process.exit(2);
  }
}
