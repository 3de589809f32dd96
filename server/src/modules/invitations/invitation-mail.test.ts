import { describe, expect, it } from 'vitest';
import { invitationMail, publicBaseUrl } from './invitation-mail.ts';
import { BRANDS } from '@tamaq/contract/brand';

const at = (host: string, protocol = 'http') => ({ host, hostname: host.replace(/:\d+$/, ''), protocol });

describe('publicBaseUrl', () => {
  const prod = { publicUrl: 'https://tamaq.kz', brands: { 'asxana.kz': 'asxana' as const } };

  it('uses PUBLIC_URL for its own host, keeping a path prefix', () => {
    expect(publicBaseUrl({ ...prod, publicUrl: 'https://tamaq.kz/app' }, at('tamaq.kz'))).toBe('https://tamaq.kz/app');
  });

  it('uses a brand host as the admin typed it, over https when PUBLIC_URL is https', () => {
    expect(publicBaseUrl(prod, at('asxana.kz'))).toBe('https://asxana.kz');
    expect(publicBaseUrl(prod, at('ASXANA.kz:8443', 'https'))).toBe('https://asxana.kz:8443');
  });

  it('uses the loopback address the admin used only while the server itself is on the loopback', () => {
    const local = { publicUrl: 'http://127.0.0.1:8080', brands: {} };
    expect(publicBaseUrl(local, at('localhost:5173'))).toBe('http://localhost:5173');
    expect(publicBaseUrl(prod, at('localhost:5173'))).toBe('https://tamaq.kz');
  });

  it('ignores any other or malformed host', () => {
    expect(publicBaseUrl(prod, at('evil.example'))).toBe('https://tamaq.kz');
    expect(publicBaseUrl(prod, at('asxana.kz/@evil.example'))).toBe('https://tamaq.kz');
    expect(publicBaseUrl(prod, at(''))).toBe('https://tamaq.kz');
  });
});

describe('invitationMail', () => {
  it('escapes names in the HTML part', () => {
    const mail = invitationMail({
      to: 'p@test.kz',
      brand: BRANDS.tamaq,
      link: 'https://tamaq.kz/parent/invitation/abc',
      pupilName: '<b>Аружан</b>',
      schoolName: 'Школа «№1» & Co',
    });
    expect(mail.html).toContain('&lt;b&gt;Аружан&lt;/b&gt;');
    expect(mail.html).toContain('Школа «№1» &amp; Co');
    expect(mail.text).toContain('Школа «№1» & Co приглашает вас в Tamaq как родителя ребёнка: <b>Аружан</b>.');
    expect(mail.secret).toBe(true);
  });
});
