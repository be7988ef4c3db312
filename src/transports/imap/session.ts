import type { Socket } from 'node:net';
import { TLSSocket, type SecureContext } from 'node:tls';
import { AppError } from '../../core/errors.js';
import type { LogSink } from '../../core/logger.js';
import type { EventBus } from '../../events/bus.js';
import type { AccessService, MailLogin } from '../../modules/access/access.service.js';
import {
  flagsOf, MAILBOX_FLAGS, PERMANENT_FLAGS, type FlagOperation, type ImapMailboxService, type MailboxSnapshot,
} from '../../modules/imap/imap.service.js';
import type { ImapMessageRecord } from '../../storage/ports.js';
import { CommandFramer } from './framer.js';
import { fetchData, needsContent, parseFetchItems, type FetchItem } from './fetch.js';
import { str, toBuffer, type Chunk } from './format.js';
import { parseMime } from './mime.js';
import {
  ImapSyntaxError, inSequenceSet, isSequenceSet, parseCommand, parseSequenceSet, textOf, type Command, type Token,
} from './parser.js';
import { parseSearch, SearchCharsetError } from './search.js';
import type { AuthThrottle } from '../auth-throttle.js';

export interface ImapSessionDeps {
  mailboxes: ImapMailboxService;
  access: AccessService;
  bus: EventBus;
  log: LogSink;
  /** for STARTTLS on the plain listener */
  secureContext: SecureContext;
  /** longest a command may be, literals included */
  maxCommandBytes: number;
  /** RFC 3501 §5.4: at least 30 minutes of silence before an autologout */
  idleTimeoutMs: number;
  /** silence allowed before logging in (the 30 minutes are for logged-in clients) */
  loginTimeoutMs: number;
  /** lockouts after failed logins, per address; none = no lockouts */
  authThrottle?: AuthThrottle;
}

/**
 * Longest a LOGIN from a locked-out address is held before its NO: long enough to pace a
 * guesser that waits for answers, short enough not to tie up the session for the whole lockout.
 */
export const MAX_LOCKED_LOGIN_PAUSE_MS = 5000;

type State = 'not-authenticated' | 'authenticated' | 'selected' | 'logout';

interface Selected extends MailboxSnapshot {
  readOnly: boolean;
}

/** Raised by a command handler: answered NO with the message (and a response code, if any). */
class CommandRefused extends Error {}

/** Raised by a command handler: answered with an untagged BYE, and the connection closed. */
class SessionRefused extends Error {}

const AUTH_COMMANDS = new Set(['SELECT', 'EXAMINE', 'LIST', 'LSUB', 'STATUS', 'CREATE', 'DELETE', 'RENAME', 'SUBSCRIBE', 'UNSUBSCRIBE', 'APPEND', 'IDLE', 'NAMESPACE']);
const SELECTED_COMMANDS = new Set(['FETCH', 'STORE', 'SEARCH', 'UID', 'EXPUNGE', 'CLOSE', 'UNSELECT', 'CHECK', 'COPY', 'MOVE']);

/**
 * One IMAP connection (RFC 3501): reads commands one at a time in arrival order, answers
 * each with its tag, and pushes new mail to a session in IDLE (RFC 2177) from the bus.
 */
export class ImapSession {
  private socket: Socket;
  private framer: CommandFramer;
  private state: State = 'not-authenticated';
  private login?: MailLogin;
  private selected?: Selected;
  private queue: Promise<void> = Promise.resolve();
  private pending?: { kind: 'authenticate'; tag: string } | { kind: 'idle'; tag: string; stop: () => void };

  private isTls: boolean;
  /** the client's address, for counting failed logins (kept: STARTTLS swaps the socket) */
  private readonly remoteAddress: string | undefined;
  /** told NO once because its address is locked out: the next attempt gets BYE */
  private refusedForLockout = false;

  constructor(socket: Socket, private readonly deps: ImapSessionDeps, isTls: boolean) {
    this.socket = socket;
    this.remoteAddress = socket.remoteAddress;
    this.isTls = isTls;
    this.framer = this.newFramer();
    this.attach(socket);
    this.send(`* OK [CAPABILITY ${this.capabilities()}] Pigeonhole IMAP4rev1 ready`);
  }

  /** Ends the session from the server side (shutdown). */
  shutdown(): void {
    if (this.state === 'logout') return;
    this.send('* BYE Server shutting down');
    this.end();
  }

  /** Silence allowed now: short until logged in, the RFC 3501 autologout after. */
  private timeoutMs(): number {
    return this.state === 'not-authenticated' ? this.deps.loginTimeoutMs : this.deps.idleTimeoutMs;
  }

  private attach(socket: Socket): void {
    socket.setTimeout(this.timeoutMs());
    socket.on('data', this.onData);
    socket.on('timeout', () => {
      this.send('* BYE Autologout: idle for too long');
      this.end();
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.cleanup());
  }

  private readonly onData = (chunk: Buffer) => this.framer.push(chunk);

  private newFramer(): CommandFramer {
    return new CommandFramer({
      onCommand: (line) => this.enqueue(() => this.onLine(line)),
      onContinue: () => this.send('+ Ready for literal data'),
      onTooLong: () => this.send(`* BAD Command longer than ${this.deps.maxCommandBytes} bytes refused`),
    }, this.deps.maxCommandBytes);
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((err: unknown) => {
      this.deps.log.error({ err }, 'IMAP session failed');
      this.send('* BYE Internal server error');
      this.end();
    });
  }

  private capabilities(): string {
    const caps = ['IMAP4rev1', 'LITERAL+', 'SASL-IR', 'IDLE', 'UNSELECT', 'NAMESPACE'];
    if (this.state === 'not-authenticated') {
      if (!this.isTls) caps.push('STARTTLS');
      caps.push('AUTH=PLAIN');
    }
    return caps.join(' ');
  }

  private write(chunks: Chunk[]): void {
    if (this.state === 'logout' && this.socket.destroyed) return;
    if (!this.socket.destroyed) this.socket.write(toBuffer(chunks));
  }

  private send(line: string): void {
    this.write([`${line}\r\n`]);
  }

  private end(): void {
    this.state = 'logout';
    this.cleanup();
    this.socket.end();
  }

  private cleanup(): void {
    if (this.pending?.kind === 'idle') this.pending.stop();
    this.pending = undefined;
  }

  private async onLine(line: Buffer): Promise<void> {
    if (this.state === 'logout') return;
    const pending = this.pending;
    if (pending?.kind === 'authenticate') {
      this.pending = undefined;
      return this.finishAuthenticate(pending.tag, line.toString('utf8').trim());
    }
    if (pending?.kind === 'idle') {
      if (line.toString('utf8').trim().toUpperCase() !== 'DONE') return this.send('* BAD Send DONE to end IDLE');
      pending.stop();
      this.pending = undefined;
      return this.send(`${pending.tag} OK IDLE terminated`);
    }
    let command: Command;
    try {
      command = parseCommand(line);
    } catch (err) {
      if (err instanceof ImapSyntaxError) return this.send(`${err.tag ?? '*'} BAD ${err.message}`);
      throw err;
    }
    await this.run(command);
  }

  private async run(command: Command): Promise<void> {
    const { tag, name } = command;
    try {
      if (AUTH_COMMANDS.has(name) && this.state === 'not-authenticated') throw new ImapSyntaxError(`${name} is only valid after LOGIN`);
      if (SELECTED_COMMANDS.has(name) && this.state !== 'selected') throw new ImapSyntaxError(`${name} is only valid with a mailbox selected`);
      const done = await this.dispatch(command);
      if (done !== null) this.send(`${tag} OK ${done}`);
    } catch (err) {
      if (err instanceof ImapSyntaxError) return this.send(`${tag} BAD ${err.message}`);
      if (err instanceof SearchCharsetError) return this.send(`${tag} NO [BADCHARSET (UTF-8 US-ASCII)] Only UTF-8 and US-ASCII searches`);
      if (err instanceof CommandRefused || err instanceof AppError) return this.send(`${tag} NO ${err.message}`);
      if (err instanceof SessionRefused) return this.bye(err.message);
      this.deps.log.error({ err, command: name }, 'IMAP command failed');
      this.send(`${tag} NO [SERVERBUG] ${name} failed on the server`);
    }
  }

  /** Runs one command; returns the text of the tagged OK, or null when it was answered already. */
  private async dispatch(command: Command): Promise<string | null> {
    const { args } = command;
    switch (command.name) {
      case 'CAPABILITY':
        this.send(`* CAPABILITY ${this.capabilities()}`);
        return 'CAPABILITY completed';
      case 'NOOP':
      case 'CHECK':
        await this.sync(true);
        return `${command.name} completed`;
      case 'LOGOUT':
        this.send('* BYE Pigeonhole logging out');
        this.send(`${command.tag} OK LOGOUT completed`);
        this.end();
        return null;
      case 'STARTTLS': return this.startTls(command.tag);
      case 'LOGIN': return this.loginCommand(args);
      case 'AUTHENTICATE': return this.authenticate(command.tag, args);
      case 'LIST':
      case 'LSUB': return this.list(command.name, args);
      case 'STATUS': return this.status(args);
      case 'SELECT':
      case 'EXAMINE': return this.select(args, command.name === 'EXAMINE');
      case 'NAMESPACE':
        this.send('* NAMESPACE (("" "/")) NIL NIL');
        return 'NAMESPACE completed';
      case 'SUBSCRIBE':
      case 'UNSUBSCRIBE':
        // Every folder is always subscribed: the list is the set of inboxes.
        return `${command.name} completed`;
      case 'CREATE':
      case 'DELETE':
      case 'RENAME':
        throw new CommandRefused('[CANNOT] Folders are inboxes: create and delete inboxes through the API');
      case 'APPEND':
        throw new CommandRefused('[CANNOT] Mail arrives over SMTP or the API; APPEND is not supported');
      case 'IDLE': return this.idle(command.tag);
      case 'CLOSE':
      case 'UNSELECT': return this.close(command.name === 'CLOSE');
      case 'EXPUNGE': return this.expunge();
      case 'FETCH': return this.fetch(args, false);
      case 'STORE': return this.store(args, false);
      case 'SEARCH': return this.search(args, false);
      case 'COPY':
      case 'MOVE':
        throw new CommandRefused('[CANNOT] Messages cannot be copied between inboxes');
      case 'UID': {
        const sub = textOf(args[0])?.toUpperCase();
        const rest = args.slice(1);
        if (sub === 'FETCH') return this.fetch(rest, true);
        if (sub === 'STORE') return this.store(rest, true);
        if (sub === 'SEARCH') return this.search(rest, true);
        if (sub === 'EXPUNGE') return this.expunge(rest[0]);
        if (sub === 'COPY' || sub === 'MOVE') throw new CommandRefused('[CANNOT] Messages cannot be copied between inboxes');
        throw new ImapSyntaxError(`Unknown UID command ${sub ?? ''}`.trim());
      }
      default:
        throw new ImapSyntaxError(`Unknown command ${command.name}`);
    }
  }

  private startTls(tag: string): string | null {
    if (this.isTls) throw new ImapSyntaxError('The connection is already encrypted');
    if (this.state !== 'not-authenticated') throw new ImapSyntaxError('STARTTLS is only valid before LOGIN');
    this.send(`${tag} OK Begin TLS negotiation now`);
    const plain = this.socket;
    plain.off('data', this.onData);
    plain.setTimeout(0);
    const secure = new TLSSocket(plain, { isServer: true, secureContext: this.deps.secureContext });
    // Anything the client sent before the handshake is discarded (no command injection).
    this.framer = this.newFramer();
    this.socket = secure;
    this.isTls = true;
    secure.setTimeout(this.timeoutMs());
    secure.on('data', this.onData);
    secure.on('error', () => secure.destroy());
    secure.on('timeout', () => {
      this.send('* BYE Autologout: idle for too long');
      this.end();
    });
    return null;
  }

  private async loginCommand(args: Token[]): Promise<string> {
    if (this.state !== 'not-authenticated') throw new ImapSyntaxError('Already logged in');
    const user = textOf(args[0]);
    const pass = textOf(args[1]);
    if (user === undefined || pass === undefined || args.length !== 2) throw new ImapSyntaxError('LOGIN needs a username and a password');
    return this.logIn(user, pass);
  }

  private async logIn(user: string, pass: string): Promise<string> {
    const throttle = this.deps.authThrottle;
    // A locked-out address is refused without looking at the credentials: first a NO after a
    // pause (a client that waits for answers is slowed); a session that tries again after
    // that, locked out or not by then, gets BYE (a guesser must reconnect).
    if (this.refusedForLockout) throw new SessionRefused('Too many failed logins from your address');
    const lockedFor = throttle?.lockedFor(this.remoteAddress) ?? 0;
    if (lockedFor > 0) return this.refuseLockedOut(lockedFor);
    const login = await this.deps.access.authenticate('imap', user, pass, this.remoteAddress);
    if (!login) {
      // Another session of the address started a lockout meanwhile: this one is refused as
      // locked out and not counted, so no more than the limit are ever told AUTHENTICATIONFAILED.
      const lockedNow = throttle?.lockedFor(this.remoteAddress) ?? 0;
      if (lockedNow > 0) return this.refuseLockedOut(lockedNow);
      throttle?.failed(this.remoteAddress);
      throw new CommandRefused('[AUTHENTICATIONFAILED] Invalid credentials: use the IMAP login from getImapAccess');
    }
    this.login = login;
    this.state = 'authenticated';
    this.socket.setTimeout(this.timeoutMs());
    return `[CAPABILITY ${this.capabilities()}] Logged in`;
  }

  private async refuseLockedOut(lockedFor: number): Promise<never> {
    this.refusedForLockout = true;
    // Unref'd: a paused refusal never keeps a stopping process alive.
    await new Promise((resolve) => setTimeout(resolve, Math.min(lockedFor, MAX_LOCKED_LOGIN_PAUSE_MS)).unref());
    throw new CommandRefused(`[UNAVAILABLE] Too many failed logins from your address: try again in ${Math.ceil(lockedFor / 1000)} s`);
  }

  private bye(message: string): void {
    this.send(`* BYE ${message}`);
    this.end();
  }

  private async authenticate(tag: string, args: Token[]): Promise<string | null> {
    if (this.state !== 'not-authenticated') throw new ImapSyntaxError('Already logged in');
    const mechanism = textOf(args[0])?.toUpperCase();
    if (mechanism !== 'PLAIN') throw new CommandRefused(`[CANNOT] Unsupported mechanism ${mechanism ?? ''}; use PLAIN`.trim());
    const initial = textOf(args[1]);
    if (initial !== undefined) {
      await this.finishAuthenticate(tag, initial === '=' ? '' : initial);
      return null;
    }
    this.pending = { kind: 'authenticate', tag };
    this.send('+ ');
    return null;
  }

  private async finishAuthenticate(tag: string, response: string): Promise<void> {
    if (response === '*') return this.send(`${tag} BAD Authentication cancelled`);
    const decoded = Buffer.from(response, 'base64').toString('utf8').split('\0');
    if (decoded.length !== 3) return this.send(`${tag} BAD PLAIN response is base64 of authzid NUL user NUL password`);
    try {
      this.send(`${tag} OK ${await this.logIn(decoded[1]!, decoded[2]!)}`);
    } catch (err) {
      if (err instanceof CommandRefused) return this.send(`${tag} NO ${err.message}`);
      if (err instanceof SessionRefused) return this.bye(err.message);
      throw err;
    }
  }

  private async list(name: 'LIST' | 'LSUB', args: Token[]): Promise<string> {
    const reference = textOf(args[0]);
    const pattern = textOf(args[1]);
    if (reference === undefined || pattern === undefined) throw new ImapSyntaxError(`${name} needs a reference and a mailbox pattern`);
    if (pattern === '' && name === 'LIST') {
      // The hierarchy delimiter and root (RFC 3501 §6.3.8).
      this.send('* LIST (\\Noselect) "/" ""');
      return 'LIST completed';
    }
    const matcher = patternRegExp(reference + pattern);
    for (const folder of await this.deps.mailboxes.folders(this.login!)) {
      if (!matcher.test(folder.name)) continue;
      const attributes = folder.inbox ? '\\HasNoChildren' : '\\Noselect \\HasNoChildren';
      this.write([`* ${name} (${attributes}) "/" `, ...str(folder.name), '\r\n']);
    }
    return `${name} completed`;
  }

  private async status(args: Token[]): Promise<string> {
    const name = textOf(args[0]);
    const items = args[1];
    if (name === undefined || items?.type !== 'list') throw new ImapSyntaxError('STATUS needs a mailbox and a list of items');
    const snapshot = await this.open(name);
    const values: string[] = [];
    for (const item of items.items) {
      const key = textOf(item)?.toUpperCase();
      if (key === 'MESSAGES') values.push(`MESSAGES ${snapshot.messages.length}`);
      else if (key === 'RECENT') values.push('RECENT 0');
      else if (key === 'UIDNEXT') values.push(`UIDNEXT ${snapshot.uidNext}`);
      else if (key === 'UIDVALIDITY') values.push(`UIDVALIDITY ${snapshot.uidValidity}`);
      else if (key === 'UNSEEN') values.push(`UNSEEN ${snapshot.messages.filter((m) => !m.seen).length}`);
      else throw new ImapSyntaxError(`Unknown STATUS item ${key ?? ''}`.trim());
    }
    this.write(['* STATUS ', ...str(name), ` (${values.join(' ')})\r\n`]);
    return 'STATUS completed';
  }

  /** The snapshot of a folder by name, refusing unknown and unselectable names. */
  private async open(name: string): Promise<MailboxSnapshot> {
    const folder = await this.deps.mailboxes.folder(this.login!, name);
    if (!folder) throw new CommandRefused(`[NONEXISTENT] No mailbox ${name}`);
    if (!folder.inbox) throw new CommandRefused('[CANNOT] A tenant-wide login has one folder per inbox, named by its address: select one of those');
    return this.deps.mailboxes.snapshot(folder.inbox);
  }

  private async select(args: Token[], readOnly: boolean): Promise<string> {
    const name = textOf(args[0]);
    if (name === undefined) throw new ImapSyntaxError('SELECT needs a mailbox name');
    // A failed SELECT leaves no mailbox selected (RFC 3501 §6.3.1).
    this.selected = undefined;
    this.state = 'authenticated';
    const snapshot = await this.open(name);
    this.selected = { ...snapshot, readOnly };
    this.state = 'selected';
    const firstUnseen = snapshot.messages.findIndex((m) => !m.seen);
    this.send(`* FLAGS (${MAILBOX_FLAGS.join(' ')})`);
    this.send(`* OK [PERMANENTFLAGS (${readOnly ? '' : PERMANENT_FLAGS.join(' ')})] Flags kept`);
    this.send(`* ${snapshot.messages.length} EXISTS`);
    this.send('* 0 RECENT');
    if (firstUnseen >= 0) this.send(`* OK [UNSEEN ${firstUnseen + 1}] First unseen message`);
    this.send(`* OK [UIDVALIDITY ${snapshot.uidValidity}] UIDs valid`);
    this.send(`* OK [UIDNEXT ${snapshot.uidNext}] Predicted next UID`);
    return `[${readOnly ? 'READ-ONLY' : 'READ-WRITE'}] ${readOnly ? 'EXAMINE' : 'SELECT'} completed`;
  }

  /**
   * Brings the selected mailbox up to date and tells the client: new messages (EXISTS),
   * flags changed elsewhere (FETCH FLAGS) and, where allowed, messages deleted (EXPUNGE).
   * EXPUNGE is held back during FETCH, STORE and SEARCH: it would renumber messages
   * under a command that uses sequence numbers (RFC 3501 §7.4.1).
   */
  private async sync(allowExpunge: boolean): Promise<void> {
    const selected = this.selected;
    if (!selected) return;
    const fresh = await this.deps.mailboxes.snapshot(selected.inbox);
    if (this.selected !== selected) return;
    const byUid = new Map(fresh.messages.map((m) => [m.uid, m]));
    if (allowExpunge) {
      for (let i = selected.messages.length - 1; i >= 0; i--) {
        if (byUid.has(selected.messages[i]!.uid)) continue;
        selected.messages.splice(i, 1);
        this.send(`* ${i + 1} EXPUNGE`);
      }
    }
    selected.messages.forEach((message, i) => {
      const now = byUid.get(message.uid);
      if (!now || flagsOf(now).join() === flagsOf(message).join()) return;
      selected.messages[i] = now;
      this.send(`* ${i + 1} FETCH (UID ${now.uid} FLAGS (${flagsOf(now).join(' ')}))`);
    });
    const last = selected.messages[selected.messages.length - 1]?.uid ?? 0;
    const added = fresh.messages.filter((m) => m.uid > last);
    if (added.length > 0) {
      selected.messages.push(...added);
      this.send(`* ${selected.messages.length} EXISTS`);
    }
    selected.uidNext = Math.max(selected.uidNext, fresh.uidNext);
  }

  private idle(tag: string): null {
    const { tenantId } = this.login!;
    const inboxId = this.selected?.inbox.id;
    const unsubscribe = this.deps.bus.subscribe('email.received', (event) => {
      if (event.tenantId !== tenantId || event.inboxId !== inboxId) return;
      this.enqueue(async () => {
        if (this.pending?.kind === 'idle') await this.sync(true);
      });
    });
    this.pending = { kind: 'idle', tag, stop: unsubscribe };
    this.send('+ idling');
    return null;
  }

  private async close(expunge: boolean): Promise<string> {
    const selected = this.selected!;
    if (expunge && !selected.readOnly) {
      await this.deps.mailboxes.expunge(this.login!.tenantId, selected.messages.filter((m) => m.deleted));
    }
    this.selected = undefined;
    this.state = 'authenticated';
    return expunge ? 'CLOSE completed' : 'UNSELECT completed';
  }

  private async expunge(uidSet?: Token): Promise<string> {
    const selected = this.selected!;
    if (selected.readOnly) throw new CommandRefused('[READ-ONLY] The mailbox was opened with EXAMINE');
    let targets = selected.messages.filter((m) => m.deleted);
    if (uidSet) {
      const set = this.sequenceSet(uidSet);
      const maxUid = selected.messages[selected.messages.length - 1]?.uid ?? 0;
      targets = targets.filter((m) => inSequenceSet(set, m.uid, maxUid));
    }
    await this.deps.mailboxes.expunge(this.login!.tenantId, targets);
    await this.sync(true);
    return 'EXPUNGE completed';
  }

  private sequenceSet(token: Token | undefined) {
    const text = textOf(token);
    if (text === undefined || !isSequenceSet(text)) throw new ImapSyntaxError(`Invalid sequence set ${text ?? ''}`.trim());
    return parseSequenceSet(text);
  }

  /** The messages a (UID) sequence set names, with their sequence numbers. */
  private resolve(token: Token | undefined, byUid: boolean): Array<{ seq: number; message: ImapMessageRecord }> {
    const set = this.sequenceSet(token);
    const messages = this.selected!.messages;
    const maxUid = messages[messages.length - 1]?.uid ?? 0;
    const found: Array<{ seq: number; message: ImapMessageRecord }> = [];
    messages.forEach((message, i) => {
      if (inSequenceSet(set, byUid ? message.uid : i + 1, byUid ? maxUid : messages.length)) found.push({ seq: i + 1, message });
    });
    return found;
  }

  private async fetch(args: Token[], byUid: boolean): Promise<string> {
    await this.sync(false);
    const selected = this.selected!;
    let items = parseFetchItems(args[1]);
    if (byUid && !items.some((i) => i.kind === 'UID')) items = [{ kind: 'UID' }, ...items];
    const marksSeen = !selected.readOnly && items.some((i) => i.kind === 'section' && !i.peek);
    const { tenantId } = this.login!;
    for (const { seq, message: listed } of this.resolve(args[0], byUid)) {
      let message = listed;
      let raw: Buffer = Buffer.alloc(0);
      let mime = parseMime(raw);
      if (needsContent(items)) {
        const stored = await this.deps.mailboxes.raw(tenantId, message.id);
        // Deleted through the API but not yet expunged in this session: nothing to show.
        if (!stored) continue;
        raw = stored;
        mime = parseMime(raw);
      }
      let response: FetchItem[] = items;
      if (marksSeen && !message.seen) {
        message = await this.deps.mailboxes.markSeen(tenantId, message);
        selected.messages[seq - 1] = message;
        if (!items.some((i) => i.kind === 'FLAGS')) response = [...items, { kind: 'FLAGS' }];
      }
      this.write([`* ${seq} FETCH `, ...fetchData(response, { uid: message.uid, flags: flagsOf(message), createdAt: message.createdAt, size: message.sizeBytes, raw, mime }), '\r\n']);
    }
    return `${byUid ? 'UID ' : ''}FETCH completed`;
  }

  private async store(args: Token[], byUid: boolean): Promise<string> {
    await this.sync(false);
    const selected = this.selected!;
    if (selected.readOnly) throw new CommandRefused('[READ-ONLY] The mailbox was opened with EXAMINE');
    const action = textOf(args[1])?.toUpperCase() ?? '';
    const match = /^([+-]?)FLAGS(\.SILENT)?$/.exec(action);
    if (!match) throw new ImapSyntaxError('STORE takes FLAGS, +FLAGS or -FLAGS (optionally .SILENT)');
    const flagTokens = args[2]?.type === 'list' ? args[2].items : args.slice(2);
    const flags = flagTokens.map((t) => textOf(t)).filter((f): f is string => f !== undefined);
    const operation: FlagOperation = match[1] === '+' ? 'add' : match[1] === '-' ? 'remove' : 'set';
    const targets = this.resolve(args[0], byUid);
    const changed = await this.deps.mailboxes.changeFlags(this.login!.tenantId, targets.map((t) => t.message), operation, flags);
    const byId = new Map(changed.map((m) => [m.id, m]));
    for (const { seq, message } of targets) {
      const now = byId.get(message.id);
      if (!now) continue;
      selected.messages[seq - 1] = now;
      if (!match[2]) this.send(`* ${seq} FETCH (${byUid ? `UID ${now.uid} ` : ''}FLAGS (${flagsOf(now).join(' ')}))`);
    }
    return `${byUid ? 'UID ' : ''}STORE completed`;
  }

  private async search(args: Token[], byUid: boolean): Promise<string> {
    await this.sync(false);
    const criterion = parseSearch(args);
    const messages = this.selected!.messages;
    const maxUid = messages[messages.length - 1]?.uid ?? 0;
    const { tenantId } = this.login!;
    const hits: number[] = [];
    for (const [i, message] of messages.entries()) {
      let loaded: ReturnType<ImapMailboxService['record']> | undefined;
      const email = () => (loaded ??= this.deps.mailboxes.record(tenantId, message.id));
      if (await criterion({ message, seq: i + 1, maxSeq: messages.length, maxUid, email })) hits.push(byUid ? message.uid : i + 1);
    }
    this.send(`* SEARCH${hits.map((n) => ` ${n}`).join('')}`);
    return `${byUid ? 'UID ' : ''}SEARCH completed`;
  }
}

/** A LIST pattern as a regular expression: * matches anything, % anything but the delimiter. */
export function patternRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/%/g, '[^/]*');
  // INBOX is case-insensitive (RFC 3501 §5.1).
  return new RegExp(`^${escaped}$`, /^inbox$/i.test(pattern) ? 'i' : '');
}
