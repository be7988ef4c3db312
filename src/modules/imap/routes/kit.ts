import type { TypedApp } from '../../inbox/routes/kit.js';
import type { ImapCommandsService } from '../imap-commands.service.js';

export interface ImapRouteDeps {
  commands: ImapCommandsService;
}
export type ImapRoute = (app: TypedApp, deps: ImapRouteDeps) => void;

export const TAG = ['ImapController'];
