/**
 * spamd's wire protocol (SPAMC/1.5, as spamd's own documentation in SpamAssassin's
 * spamd/PROTOCOL describes it): the request a command sends and the reply spamd gives. Pure
 * functions, so the parsing is unit-tested without a spamd.
 */

/** One rule that hit, with spamd's score for it and the description from the REPORT table. */
export interface SpamRuleHit {
  name: string;
  score: number;
  description: string | null;
}

/** What a REPORT reply says about one message. */
export interface SpamdVerdict {
  /** spamd's own verdict: score at or over its required score */
  isSpam: boolean;
  score: number;
  /** spamd's required_score (5.0 unless its configuration says otherwise) */
  requiredScore: number;
  rules: SpamRuleHit[];
}

/** The bytes of one request: request line, Content-length, blank line, message. */
export function spamdRequest(command: 'REPORT' | 'SYMBOLS' | 'CHECK' | 'PING', message?: Buffer): Buffer {
  if (command === 'PING') return Buffer.from('PING SPAMC/1.5\r\n\r\n', 'latin1');
  const body = message ?? Buffer.alloc(0);
  const head = `${command} SPAMC/1.5\r\nContent-length: ${body.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

/** A reply split into its status, headers and body; throws a SpamdProtocolError when it is not spamd's. */
export interface SpamdReply {
  code: number;
  message: string;
  headers: Map<string, string>;
  body: string;
}

export class SpamdProtocolError extends Error {
  override readonly name = 'SpamdProtocolError';
}

export function parseSpamdReply(bytes: Buffer): SpamdReply {
  const text = bytes.toString('utf8');
  const end = text.indexOf('\r\n\r\n');
  const headEnd = end === -1 ? text.length : end;
  const [statusLine = '', ...headerLines] = text.slice(0, headEnd).split('\r\n');
  const status = /^SPAMD\/\d+\.\d+\s+(\d+)\s*(.*)$/.exec(statusLine);
  if (!status) throw new SpamdProtocolError(`not a spamd reply: ${JSON.stringify(statusLine.slice(0, 80))}`);
  const headers = new Map<string, string>();
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { code: Number(status[1]), message: status[2]!.trim(), headers, body: end === -1 ? '' : text.slice(end + 4) };
}

/** `Spam: True ; 7.5 / 5.0` → verdict, score and required score. */
export function parseSpamHeader(value: string | undefined): { isSpam: boolean; score: number; requiredScore: number } {
  const match = value === undefined ? null : /^(true|false|yes|no)\s*;\s*(-?[\d.]+)\s*\/\s*(-?[\d.]+)/i.exec(value);
  if (!match) throw new SpamdProtocolError(`spamd's Spam header is missing or unreadable: ${JSON.stringify(value ?? null)}`);
  return { isSpam: /^(true|yes)$/i.test(match[1]!), score: Number(match[2]), requiredScore: Number(match[3]) };
}

/**
 * The rules of a REPORT body: the table after the `---- ----` line, one rule per line
 * (`pts rule name description`); a description too long for the line goes on in lines that
 * start with spaces. Rules without a description say "No description available." there.
 */
export function parseReportRules(report: string): SpamRuleHit[] {
  const lines = report.split(/\r?\n/);
  const start = lines.findIndex((l) => /^-{3,}\s+-{3,}/.test(l));
  if (start === -1) return [];
  const rules: SpamRuleHit[] = [];
  for (const line of lines.slice(start + 1)) {
    const hit = /^\s*(-?\d+(?:\.\d+)?)\s+([A-Za-z0-9_.]+)(?:\s+(.*))?$/.exec(line);
    if (hit) {
      const description = hit[3]?.trim() ?? '';
      rules.push({ name: hit[2]!, score: Number(hit[1]), description: description === '' || description === 'No description available.' ? null : description });
    } else if (/^\s{2,}\S/.test(line) && rules.length > 0) {
      const last = rules[rules.length - 1]!;
      last.description = `${last.description ?? ''} ${line.trim()}`.trim();
    } else if (line.trim() === '') {
      continue;
    } else {
      break;
    }
  }
  return rules;
}

/** A REPORT reply as a verdict; a status other than 0 (EX_OK) is spamd refusing the request. */
export function verdictOf(reply: SpamdReply): SpamdVerdict {
  if (reply.code !== 0) throw new SpamdProtocolError(`spamd answered ${reply.code} ${reply.message}`);
  return { ...parseSpamHeader(reply.headers.get('spam')), rules: parseReportRules(reply.body) };
}
