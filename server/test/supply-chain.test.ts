import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { advisoriesOf, ASSESSMENTS, shippedOnly, unassessed } from '../scripts/supply-chain.ts';

/** An `npm audit --json` report as npm 10 and 11 write it: one advisory reached through another package. */
const report = {
  auditReportVersion: 2,
  vulnerabilities: {
    'fast-xml': {
      name: 'fast-xml',
      severity: 'high',
      via: [
        {
          source: 1101,
          name: 'fast-xml',
          title: 'Prototype pollution',
          url: 'https://github.com/advisories/GHSA-2222-3333-4444',
          severity: 'high',
          range: '<1.2.3',
        },
      ],
    },
    'uses-fast-xml': { name: 'uses-fast-xml', severity: 'high', via: ['fast-xml'] },
    other: {
      name: 'other',
      severity: 'moderate',
      via: [{ source: 1102, name: 'other', title: 'ReDoS', url: 'https://github.com/advisories/GHSA-5555-6666-7777' }],
    },
  },
  metadata: {},
};

describe('the dependency audit', () => {
  it('lists each advisory once by its GHSA id, and not the packages it comes through', () => {
    expect(advisoriesOf(report)?.map((a) => [a.id, a.packageName, a.severity])).toEqual([
      ['GHSA-2222-3333-4444', 'fast-xml', 'high'],
      ['GHSA-5555-6666-7777', 'other', ''],
    ]);
    expect(advisoriesOf({ auditReportVersion: 2, vulnerabilities: {} })).toEqual([]);
  });

  it('takes a refused or missing answer for no answer, not for a clean report', () => {
    expect(advisoriesOf({ error: { code: 'ENOAUDIT', summary: 'audit endpoint returned an error' } })).toBeNull();
    expect(advisoriesOf(null)).toBeNull();
    expect(advisoriesOf({ message: 'Method Not Allowed' })).toBeNull();
  });

  it('fails on an advisory the assessments do not name, and passes once it is assessed', () => {
    const advisories = advisoriesOf(report)!;
    expect(unassessed(advisories, '# Assessed\n').map((a) => a.id)).toEqual([
      'GHSA-2222-3333-4444',
      'GHSA-5555-6666-7777',
    ]);
    const doc = '- **GHSA-2222-3333-4444** (fast-xml): we never parse XML from outside.\n';
    expect(unassessed(advisories, doc).map((a) => a.id)).toEqual(['GHSA-5555-6666-7777']);
  });

  it('reads the assessments document the project keeps', () => {
    expect(fs.readFileSync(ASSESSMENTS, 'utf8')).toContain('GHSA-');
  });
});

describe('the bill of materials', () => {
  it('keeps what is shipped and drops the development tools with their edges', () => {
    const dev = [{ name: 'cdx:npm:package:development', value: 'true' }];
    const bom = shippedOnly({
      bomFormat: 'CycloneDX',
      components: [
        { 'bom-ref': 'react@19', name: 'react', version: '19' },
        { 'bom-ref': 'vitest@4', name: 'vitest', version: '4', properties: dev },
      ],
      dependencies: [
        { ref: 'tamaq@0.0.1', dependsOn: ['react@19', 'vitest@4'] },
        { ref: 'vitest@4', dependsOn: [] },
      ],
    });
    expect(bom.components?.map((c) => c.name)).toEqual(['react']);
    expect(bom.dependencies).toEqual([{ ref: 'tamaq@0.0.1', dependsOn: ['react@19'] }]);
  });
});
