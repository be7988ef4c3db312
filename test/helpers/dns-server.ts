/**
 * A real DNS server on loopback for tests: UDP and TCP on one port, answering from a zone the
 * test edits while it runs (records added or removed take effect on the next question). Names
 * with no records are NXDOMAIN; a name with records but none of the asked type is an empty
 * NOERROR answer (Node reports ENODATA), as a real authoritative server does.
 */
import dns2 from 'dns2';

export type ZoneRecordType = 'A' | 'AAAA' | 'MX' | 'TXT' | 'CNAME' | 'PTR' | 'NS';

export type ZoneRecord =
  | { type: 'A' | 'AAAA'; address: string }
  | { type: 'MX'; exchange: string; priority: number }
  | { type: 'TXT'; text: string }
  | { type: 'CNAME' | 'PTR' | 'NS'; target: string };

export interface LoopbackDns {
  /** what PIGEONHOLE_DNS_SERVERS (or dns.setServers) takes: 127.0.0.1:<port> */
  readonly server: string;
  readonly port: number;
  /** adds a record under a name (case-insensitive, no trailing dot) */
  add(name: string, record: ZoneRecord): void;
  /** removes a name's records of one type, or all of them */
  remove(name: string, type?: ZoneRecordType): void;
  /** questions about this name (and names under it) get no answer at all from now on: a resolver that times out */
  silence(name: string): void;
  /** every question asked so far, as "name TYPE" */
  readonly questions: string[];
  close(): Promise<void>;
}

const { Packet } = dns2;
/** RFC 1035 response code for a name that does not exist (dns2's types omit its RCODE table). */
const NXDOMAIN = 3;
const TYPE_CODES: Record<ZoneRecordType, number> = {
  A: Packet.TYPE.A, AAAA: Packet.TYPE.AAAA, MX: Packet.TYPE.MX, TXT: Packet.TYPE.TXT,
  CNAME: Packet.TYPE.CNAME, PTR: Packet.TYPE.PTR, NS: Packet.TYPE.NS,
};
const TYPE_NAMES = new Map(Object.entries(TYPE_CODES).map(([name, code]) => [code, name as ZoneRecordType]));

/** A TXT record's text as DNS character-strings of at most 255 bytes each (RFC 1035 §3.3.14). */
function characterStrings(text: string): string[] {
  const bytes = Buffer.from(text, 'utf8');
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 255) parts.push(bytes.subarray(i, i + 255).toString('utf8'));
  return parts.length > 0 ? parts : [''];
}

function answerOf(name: string, record: ZoneRecord): Record<string, unknown> {
  const base = { name, type: TYPE_CODES[record.type], class: Packet.CLASS.IN, ttl: 60 };
  switch (record.type) {
    case 'A': case 'AAAA': return { ...base, address: record.address };
    case 'MX': return { ...base, exchange: record.exchange, priority: record.priority };
    case 'TXT': return { ...base, data: characterStrings(record.text) };
    case 'NS': return { ...base, ns: record.target };
    default: return { ...base, domain: record.target };
  }
}

export async function startLoopbackDns(): Promise<LoopbackDns> {
  const zone = new Map<string, ZoneRecord[]>();
  const questions: string[] = [];
  const silenced = new Set<string>();
  const key = (name: string) => name.toLowerCase().replace(/\.$/, '');
  const handle = (request: any, send: (response: any) => void) => {
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    const [question] = request.questions;
    const name = key(question.name);
    const type = TYPE_NAMES.get(question.type);
    questions.push(`${name} ${type ?? question.type}`);
    if ([...silenced].some((s) => name === s || name.endsWith(`.${s}`))) return;
    const records = zone.get(name);
    if (!records || records.length === 0) {
      response.header.rcode = NXDOMAIN;
    } else {
      // A CNAME answers every type, as the alias is followed by the resolver.
      const matching = records.filter((r) => r.type === type || (r.type === 'CNAME' && type !== 'CNAME'));
      for (const record of matching) response.answers.push(answerOf(question.name, record) as any);
    }
    send(response);
  };
  // UDP and TCP share one port, so a truncated answer retried over TCP reaches the same zone.
  for (let attempt = 0; ; attempt++) {
    const server = dns2.createServer({ udp: true, tcp: true, handle });
    const { udp, tcp } = (server as any).servers as { udp: import('node:dgram').Socket; tcp: import('node:net').Server };
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(0, '127.0.0.1', () => resolve());
    });
    const port = udp.address().port;
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(port, '127.0.0.1', () => resolve());
      });
    } catch (error) {
      udp.close();
      if (attempt < 5) continue;
      throw error;
    }
    const sockets = new Set<import('node:net').Socket>();
    tcp.on('connection', (socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    const close = async () => {
      // A resolver may keep its TCP connection open; the test is over, so it is cut.
      for (const socket of sockets) socket.destroy();
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ]);
    };
    return {
      server: `127.0.0.1:${port}`,
      port,
      questions,
      add(name, record) {
        const list = zone.get(key(name)) ?? [];
        list.push(record);
        zone.set(key(name), list);
      },
      silence(name) {
        silenced.add(key(name));
      },
      remove(name, type) {
        if (!type) zone.delete(key(name));
        else zone.set(key(name), (zone.get(key(name)) ?? []).filter((r) => r.type !== type));
      },
      close,
    };
  }
}
