import { compareNames } from '@app/shared/collator';
import { dataProtectionMsg } from '@app/shared/messages-data-protection';
import { requestsMsg } from '@app/shared/messages-requests';
import { timeMsg } from '@app/shared/messages-time';
import type { Period } from '@app/shared/period';
import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/schemas/services';

/** One cell of the digest: a service of the monthly board or a task of the task board. */
export interface DigestLine {
  kind: 'service' | 'task';
  /** The service's or the task's name. */
  name: string;
  period: Period;
  state: string;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  /** Days from today to the due date: negative once it is late. */
  daysLeft: number;
}

export interface DigestCompany {
  name: string;
  rut: string;
  lines: DigestLine[];
}

/** A company of the user's with documents its client sent that nobody has reviewed yet. */
export interface DigestToReview {
  name: string;
  rut: string;
  /** Items awaiting review. */
  count: number;
}

/** An open request from a person over their personal data, with its last day to answer. */
export interface DigestRightsRequest {
  kindText: string;
  requesterName: string;
  /** 'YYYY-MM-DD'. */
  dueOn: string;
  /** Days from today to the last day: negative once it is past. */
  daysLeft: number;
}

export interface MorningDigestInput {
  user: { id: number; name: string };
  /** The day in America/Santiago, 'YYYY-MM-DD'. */
  today: string;
  companies: DigestCompany[];
  /** The user's companies with client documents to review (none when absent). */
  toReview?: DigestToReview[];
  /** The user asked to be reminded and logged no time yesterday (a business day). */
  noTimeYesterday?: boolean;
  /** The user's timer started before today and still runs: since when ('DD-MM-AAAA HH:MM') and on which company. */
  runningTimer?: { since: string; businessName: string };
  /** An owner's open requests from a person due within the week or overdue (none when absent). */
  rightsRequests?: DigestRightsRequest[];
  appUrl: string;
}

/**
 * At most this many companies are listed, those due first (the counts and the board links cover
 * them all): the mail stays readable, and its e-mail log row small, however many companies a
 * person owns.
 */
export const DIGEST_MAX_COMPANIES = 40;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const chileanDate = (isoDate: string) => isoDate.split('-').reverse().join('-');
const periodName = ({ year, month }: Period) =>
  `${(MONTH_NAMES[MONTH_KEYS[month - 1] ?? 'jan'] ?? '').toLowerCase()} ${year}`;
const byPeriod = (a: Period, b: Period) => a.year * 12 + a.month - (b.year * 12 + b.month);

/** 'atrasada', 'vence hoy', 'vence en 1 día', 'vence en N días'. */
export function urgencyOf(daysLeft: number): string {
  if (daysLeft < 0) return 'atrasada';
  if (daysLeft === 0) return 'vence hoy';
  return daysLeft === 1 ? 'vence en 1 día' : `vence en ${daysLeft} días`;
}

const lineLabel = (line: DigestLine) => (line.kind === 'service' ? line.name : `Tarea ${line.name}`);

/** A line's text: what, which period, its state, its due date and how late or close it is. */
const lineText = (line: DigestLine) =>
  `${lineLabel(line)} (${periodName(line.period)}): ${line.state}, vence el ${chileanDate(line.dueDate)}, ${urgencyOf(line.daysLeft)}`;

/** The monthly board and the task board of a period, filtered to the user's companies and tasks. */
function boardLinks(input: MorningDigestInput) {
  const lines = input.companies.flatMap((company) => company.lines);
  const periodsOf = (kind: DigestLine['kind']) =>
    [
      ...new Map(
        lines.filter((line) => line.kind === kind).map((line) => [periodName(line.period), line.period]),
      ).values(),
    ].sort(byPeriod);
  const query = ({ year, month }: Period) => `anio=${year}&mes=${month}`;
  return [
    ...periodsOf('service').map((period) => ({
      label: `Tablero mensual de ${periodName(period)}, mis empresas`,
      url: `${input.appUrl}/?${query(period)}&encargado=${input.user.id}`,
    })),
    ...periodsOf('task').map((period) => ({
      label: `Seguimiento de tareas de ${periodName(period)}, mis tareas`,
      url: `${input.appUrl}/seguimiento-tareas?${query(period)}&responsable=${input.user.id}`,
    })),
  ];
}

const byName = (a: { name: string; rut: string }, b: { name: string; rut: string }) =>
  compareNames(a.name, b.name) || a.rut.localeCompare(b.rut);

/**
 * What clients sent that nobody reviewed: at most DIGEST_MAX_COMPANIES companies, those with the
 * most documents first, listed by name; the count covers them all.
 */
function toReviewSection(input: MorningDigestInput) {
  const all = input.toReview ?? [];
  const total = all.reduce((sum, company) => sum + company.count, 0);
  const listed = [...all]
    .sort((a, b) => b.count - a.count || byName(a, b))
    .slice(0, DIGEST_MAX_COMPANIES)
    .sort(byName);
  const notListed = all.length - listed.length;
  return {
    total,
    lines: listed.map((company) => requestsMsg.digestToReviewCompany(company.name, company.rut, company.count)),
    more: notListed > 0 ? [requestsMsg.digestToReviewMore(notListed)] : [],
    url: `${input.appUrl}/solicitudes`,
  };
}

/** 'vencida', 'vence hoy', 'vence en N días': a request's term, as the lines of the boards say it. */
const rightsUrgencyText = (daysLeft: number) => (daysLeft < 0 ? 'vencida' : urgencyOf(daysLeft));

/** The requests from a person an owner must answer soon, soonest first. */
function rightsSection(input: MorningDigestInput) {
  const requests = [...(input.rightsRequests ?? [])].sort(
    (a, b) => a.dueOn.localeCompare(b.dueOn) || compareNames(a.requesterName, b.requesterName),
  );
  return {
    requests,
    lines: requests.map((request) => ({
      late: request.daysLeft < 0,
      text: dataProtectionMsg.digestLine(
        request.kindText,
        request.requesterName,
        chileanDate(request.dueOn),
        rightsUrgencyText(request.daysLeft),
      ),
    })),
    url: `${input.appUrl}/proteccion-datos`,
  };
}

/**
 * The morning digest e-mail, in Spanish: the lines grouped by company (by name), each company's
 * by due date, then the client documents to review by company, then the links to the boards
 * filtered to the user and to Solicitudes. The HTML escapes every value.
 */
export function presentMorningDigest(input: MorningDigestInput): { subject: string; text: string; html: string } {
  const sorted = input.companies.map((company) => ({
    ...company,
    lines: [...company.lines].sort(
      (a, b) => a.dueDate.localeCompare(b.dueDate) || compareNames(lineLabel(a), lineLabel(b)),
    ),
  }));
  const firstDue = (company: DigestCompany) => company.lines[0]?.dueDate ?? '';
  const companies = [...sorted]
    .sort((a, b) => firstDue(a).localeCompare(firstDue(b)))
    .slice(0, DIGEST_MAX_COMPANIES)
    .sort(byName);
  const notListed = sorted.length - companies.length;
  const more =
    notListed > 0 ? [`Y ${notListed} ${notListed === 1 ? 'empresa' : 'empresas'} más: en los tableros.`] : [];
  const lines = sorted.flatMap((company) => company.lines);
  const late = lines.filter((line) => line.daysLeft < 0).length;
  const soon = lines.length - late;
  const review = toReviewSection(input);
  const counts = [
    ...(lines.length > 0
      ? [`${late} ${late === 1 ? 'atrasada' : 'atrasadas'} y ${soon} por vencer en los próximos 7 días`]
      : []),
    ...(review.total > 0 ? [requestsMsg.digestToReviewCount(review.total)] : []),
    ...(input.noTimeYesterday ? [timeMsg.digestNoTimeYesterday.toLowerCase()] : []),
    ...(input.runningTimer ? [timeMsg.digestTimerRunningShort] : []),
    ...(input.rightsRequests?.length ? [dataProtectionMsg.digestCount(input.rightsRequests.length)] : []),
  ].join('; ');
  const rights = rightsSection(input);
  const timer =
    input.runningTimer && timeMsg.digestTimerRunning(input.runningTimer.since, input.runningTimer.businessName);
  const timeUrl = `${input.appUrl}/tiempo`;
  const subject = `Resumen de vencimientos del ${chileanDate(input.today)}: ${counts}`;
  const intro = `Hola ${input.user.name}, estos son tus vencimientos al ${chileanDate(input.today)}: ${counts}.`;
  const links = boardLinks(input);
  const optOut = `Puedes dejar de recibir este resumen en Mi perfil: ${input.appUrl}/perfil`;

  const text = [
    intro,
    ...(timer ? [`${timer}. ${timeMsg.digestTimerRunningLink}: ${timeUrl}`] : []),
    ...(input.noTimeYesterday ? [`${timeMsg.digestNoTimeYesterday}. ${timeMsg.digestNoTimeLink}: ${timeUrl}`] : []),
    ...companies.map((company) =>
      [`${company.name} (${company.rut})`, ...company.lines.map((line) => `- ${lineText(line)}`)].join('\n'),
    ),
    ...more,
    ...(review.total > 0
      ? [
          [requestsMsg.digestToReviewTitle, ...review.lines.map((line) => `- ${line}`)].join('\n'),
          ...review.more,
          `${requestsMsg.digestToReviewLink}: ${review.url}`,
        ]
      : []),
    ...(rights.lines.length > 0
      ? [
          [dataProtectionMsg.digestTitle, ...rights.lines.map((line) => `- ${line.text}`)].join('\n'),
          `${dataProtectionMsg.digestLink}: ${rights.url}`,
        ]
      : []),
    ...(links.length > 0
      ? [['Ver en los tableros:', ...links.map((link) => `- ${link.label}: ${link.url}`)].join('\n')]
      : []),
    optOut,
  ].join('\n\n');

  const anchor = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    ...(timer ? [`<p>${escapeHtml(timer)}. ${anchor(timeUrl, timeMsg.digestTimerRunningLink)}</p>`] : []),
    ...(input.noTimeYesterday
      ? [`<p>${escapeHtml(timeMsg.digestNoTimeYesterday)}. ${anchor(timeUrl, timeMsg.digestNoTimeLink)}</p>`]
      : []),
    ...companies.map(
      (company) =>
        `<h3>${escapeHtml(company.name)} (${escapeHtml(company.rut)})</h3>\n<ul>${company.lines
          .map((line) => `<li${line.daysLeft < 0 ? ' style="color:#c92a2a"' : ''}>${escapeHtml(lineText(line))}</li>`)
          .join('')}</ul>`,
    ),
    ...more.map((sentence) => `<p>${escapeHtml(sentence)}</p>`),
    ...(review.total > 0
      ? [
          `<p>${escapeHtml(requestsMsg.digestToReviewTitle)}</p>\n<ul>${review.lines
            .map((line) => `<li>${escapeHtml(line)}</li>`)
            .join('')}</ul>`,
          ...review.more.map((sentence) => `<p>${escapeHtml(sentence)}</p>`),
          `<p>${anchor(review.url, requestsMsg.digestToReviewLink)}</p>`,
        ]
      : []),
    ...(rights.lines.length > 0
      ? [
          `<p>${escapeHtml(dataProtectionMsg.digestTitle)}</p>\n<ul>${rights.lines
            .map((line) => `<li${line.late ? ' style="color:#c92a2a"' : ''}>${escapeHtml(line.text)}</li>`)
            .join('')}</ul>`,
          `<p>${anchor(rights.url, dataProtectionMsg.digestLink)}</p>`,
        ]
      : []),
    ...(links.length > 0
      ? [
          `<p>Ver en los tableros:</p>\n<ul>${links.map((link) => `<li>${anchor(link.url, link.label)}</li>`).join('')}</ul>`,
        ]
      : []),
    `<p>Puedes dejar de recibir este resumen en ${anchor(`${input.appUrl}/perfil`, 'Mi perfil')}.</p>`,
  ].join('\n');

  return { subject, text, html };
}
