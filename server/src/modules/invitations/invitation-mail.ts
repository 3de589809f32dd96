import { BRANDS, type Brand } from '@tamaq/contract/brand';
import { INVITATION_TTL_DAYS } from '@tamaq/contract/invitations';
import { translate, withKazakh, type Language } from '@tamaq/contract/languages';
import type { Config } from '../../platform/config.ts';
import type { Mail } from '../../platform/mail.ts';

/** What the route knows of the address the admin used. */
export interface RequestHost {
  /** With the port, as the browser sent it (`asxana.kz`, `127.0.0.1:8080`). */
  host: string;
  hostname: string;
  protocol: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const HOST_SHAPE = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

/** The brand of the host the admin works on, as `GET /api/brand` answers it. */
export const brandOf = (config: Pick<Config, 'brands'>, at: RequestHost): Brand =>
  BRANDS[config.brands[at.hostname.toLowerCase()] ?? 'tamaq'];

/**
 * Where the link in the mail points: the host the admin used, when it is one of ours (a brand host of
 * `BRANDS`, the host of `PUBLIC_URL`, or the loopback while the server itself runs on it), so an
 * Асхана admin sends an Асхана link. Any other Host header (a proxy's internal name, a forged one)
 * gets `PUBLIC_URL`: a mail must never point to an address a caller made up.
 */
export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'brands'>, at: RequestHost): string {
  const configured = new URL(config.publicUrl);
  const host = at.host.toLowerCase();
  const hostname = at.hostname.toLowerCase();
  if (!HOST_SHAPE.test(host) || host === configured.host) return config.publicUrl;
  const secure = at.protocol === 'https' || configured.protocol === 'https:';
  if (config.brands[hostname]) return `${secure ? 'https' : 'http'}://${host}`;
  if (LOOPBACK.has(hostname) && LOOPBACK.has(configured.hostname)) return `${at.protocol}://${host}`;
  return config.publicUrl;
}

export const invitationLink = (base: string, code: string) => `${base}/parent/invitation/${code}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const WORDS = withKazakh(
  {
    subject: (brand: string) => `Приглашение в ${brand}`,
    greeting: 'Здравствуйте!',
    invites: (school: string | null, brand: string, pupil: string) =>
      `${school ? `${school} приглашает вас` : 'Вас приглашают'} в ${brand} как родителя ребёнка: ${pupil}.`,
    what: (brand: string) =>
      `В ${brand} вы увидите, когда ребёнок получил питание в школе или детском саду, и книги, которые он взял в библиотеке.`,
    validity: (days: number) => `Приглашение действует ${days} дней, принять его можно один раз.`,
    tail: 'Если вы не ждали этого письма, просто не отвечайте на него.',
    open: 'Чтобы принять приглашение, откройте ссылку:',
    accept: 'Принять приглашение',
    copy: 'Или скопируйте ссылку в браузер:',
  } as const,
  {
    subject: (brand: string) => `${brand} жүйесіне шақыру`,
    greeting: 'Сәлеметсіз бе!',
    invites: (school: string | null, brand: string, pupil: string) =>
      `${school ? `${school} сізді` : 'Сізді'} ${brand} жүйесіне баланың ата-анасы ретінде шақырады: ${pupil}.`,
    what: (brand: string) =>
      `${brand} жүйесінде бала мектепте немесе балабақшада қашан тамақ алғанын және кітапханадан алған кітаптарын көресіз.`,
    validity: (days: number) => `Шақыру ${days} күн жарамды, оны бір рет қабылдауға болады.`,
    tail: 'Егер бұл хатты күтпеген болсаңыз, оған жауап бермеңіз.',
    open: 'Шақыруды қабылдау үшін сілтемені ашыңыз:',
    accept: 'Шақыруды қабылдау',
    copy: 'Немесе сілтемені браузерге көшіріңіз:',
  },
);

/**
 * The invitation mail, in the language of the person who sends it (a Kazakh school's staff invite in
 * Kazakh); `secret` keeps the link (it opens the invitation) out of the sent-mail log.
 */
export function invitationMail(opts: {
  to: string;
  brand: Brand;
  link: string;
  pupilName: string;
  schoolName: string | null;
  language?: Language;
}): Mail {
  const { brand, link } = opts;
  const say = (text: string) => translate(text, opts.language ?? 'ru');
  const lead = say(WORDS.invites(opts.schoolName, brand.name, opts.pupilName));
  const what = say(WORDS.what(brand.name));
  const validity = say(WORDS.validity(INVITATION_TTL_DAYS));
  const greeting = say(WORDS.greeting);
  const tail = say(WORDS.tail);
  const open = say(WORDS.open);
  const accept = say(WORDS.accept);
  const copy = say(WORDS.copy);
  return {
    to: opts.to,
    subject: say(WORDS.subject(brand.name)),
    text: `${greeting}\n\n${lead}\n${what}\n\n${open}\n${link}\n\n${validity}\n\n${tail}`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(lead)}<br>${escapeHtml(what)}</p>` +
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#1677ff;` +
      `color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(accept)}</a></p>` +
      `<p>${escapeHtml(copy)}<br>${escapeHtml(link)}</p>` +
      `<p>${escapeHtml(validity)}</p><p style="color:#888">${escapeHtml(tail)}</p>`,
    secret: true,
  };
}
