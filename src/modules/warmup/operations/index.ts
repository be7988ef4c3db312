import { Type } from '@sinclair/typebox';
import { operationsOf } from '../../../core/operation.js';
import { toPage } from '../../../core/paging.js';
import type { WarmupProgramRecord } from '../../../storage/ports.js';
import type { Services } from '../../services.js';
import { toWarmupProgramDto } from '../warmup.dto.js';
import {
  CreateEmailWarmupProgramOptions, EmailWarmupProgramCommandOptions, EmailWarmupProgramDto, EmailWarmupUsageSummaryDto, PageEmailWarmupPrograms,
  ProgramIdParams, ProgramsQuery, UpdateEmailWarmupProgramOptions, UpdateEmailWarmupSenderSeatsOptions,
} from '../warmup.schemas.js';
import type { WarmupService } from '../warmup.service.js';

/** Declares an EmailWarmupController operation: see docs/ARCHITECTURE.md, "Adding an operation". */
const warmupOperation = operationsOf<Services>('EmailWarmupController');

async function dto(warmup: WarmupService, program: WarmupProgramRecord) {
  const totals = await warmup.totals(program.tenantId);
  return toWarmupProgramDto(program, await warmup.progress(program), totals.get(program.id));
}

export const createEmailWarmupProgram = warmupOperation({
  operationId: 'createEmailWarmupProgram', method: 'POST', path: '/email-warmup/programs',
  summary: 'Create a warmup program (a draft): a ramping daily volume from sender inboxes to seed addresses',
  body: Type.Ref(CreateEmailWarmupProgramOptions),
  status: 201,
  response: Type.Ref(EmailWarmupProgramDto),
  handler: async ({ tenantId, body }, { warmup }) => dto(warmup, await warmup.create(tenantId, body)),
});

export const getEmailWarmupPrograms = warmupOperation({
  operationId: 'getEmailWarmupPrograms', method: 'GET', path: '/email-warmup/programs',
  summary: "Page through the caller's warmup programs",
  query: ProgramsQuery,
  response: Type.Ref(PageEmailWarmupPrograms),
  handler: async ({ tenantId, query }, { warmup }) => {
    const { slice, request } = await warmup.page(tenantId, query);
    const totals = await warmup.totals(tenantId);
    const items = await Promise.all(slice.items.map(async (p) => toWarmupProgramDto(p, await warmup.progress(p), totals.get(p.id))));
    return toPage(items, slice.total, request);
  },
});

export const getEmailWarmupUsage = warmupOperation({
  operationId: 'getEmailWarmupUsage', method: 'GET', path: '/email-warmup/usage',
  summary: 'Warmup usage: sent per day and per program, sender seats used',
  response: Type.Ref(EmailWarmupUsageSummaryDto),
  handler: ({ tenantId }, { warmup }) => warmup.usage(tenantId),
});

export const updateEmailWarmupSenderSeats = warmupOperation({
  operationId: 'updateEmailWarmupSenderSeats', method: 'PUT', path: '/email-warmup/programs/sender-seats',
  summary: 'Cap the distinct sender inboxes running warmup programs may use (checked when a program starts or resumes)',
  body: Type.Ref(UpdateEmailWarmupSenderSeatsOptions),
  response: Type.Ref(EmailWarmupUsageSummaryDto),
  handler: ({ tenantId, body }, { warmup }) => warmup.setSeats(tenantId, body.seats),
});

export const deleteEmailWarmupSenderSeats = warmupOperation({
  operationId: 'deleteEmailWarmupSenderSeats', method: 'DELETE', path: '/email-warmup/programs/sender-seats',
  summary: 'Remove the warmup sender cap',
  response: Type.Ref(EmailWarmupUsageSummaryDto),
  handler: ({ tenantId }, { warmup }) => warmup.removeSeats(tenantId),
});

export const getEmailWarmupProgram = warmupOperation({
  operationId: 'getEmailWarmupProgram', method: 'GET', path: '/email-warmup/programs/{programId}',
  summary: 'A warmup program with its progress',
  params: ProgramIdParams,
  response: Type.Ref(EmailWarmupProgramDto),
  handler: async ({ tenantId, params }, { warmup }) => dto(warmup, await warmup.get(tenantId, params.programId)),
});

export const updateEmailWarmupProgram = warmupOperation({
  operationId: 'updateEmailWarmupProgram', method: 'PUT', path: '/email-warmup/programs/{programId}',
  summary: 'Change a draft program (the fields given); 409 once it has started',
  params: ProgramIdParams,
  body: Type.Ref(UpdateEmailWarmupProgramOptions),
  response: Type.Ref(EmailWarmupProgramDto),
  handler: async ({ tenantId, params, body }, { warmup }) => dto(warmup, await warmup.update(tenantId, params.programId, body)),
});

export const deleteEmailWarmupProgram = warmupOperation({
  operationId: 'deleteEmailWarmupProgram', method: 'DELETE', path: '/email-warmup/programs/{programId}',
  summary: 'Delete a program in any state, with the record of its sends (body {"confirm": true} required)',
  params: ProgramIdParams,
  body: Type.Ref(EmailWarmupProgramCommandOptions),
  status: 204,
  handler: async ({ tenantId, params, body }, { warmup }) => warmup.delete(tenantId, params.programId, body.confirm),
});

const command = (name: 'start' | 'pause' | 'resume' | 'complete', summary: string) => warmupOperation({
  operationId: `${name}EmailWarmupProgram`, method: 'POST', path: `/email-warmup/programs/{programId}/${name}`,
  summary,
  params: ProgramIdParams,
  response: Type.Ref(EmailWarmupProgramDto),
  handler: async ({ tenantId, params }, { warmup }) => dto(warmup, await warmup[name](tenantId, params.programId)),
});

export const startEmailWarmupProgram = command('start', 'Start a draft: it sends day 1 now (409 unless a draft, or when the warmup sender seats are all used)');
export const pauseEmailWarmupProgram = command('pause', 'Pause an active program: it sends nothing and its days stop counting (409 unless active)');
export const resumeEmailWarmupProgram = command('resume', 'Resume a paused program (409 unless paused)');
export const completeEmailWarmupProgram = command('complete', 'Complete an active or paused program for good (409 otherwise)');

/** EmailWarmupController. */
export const warmupOperations = [
  createEmailWarmupProgram, getEmailWarmupPrograms, getEmailWarmupUsage, updateEmailWarmupSenderSeats, deleteEmailWarmupSenderSeats,
  getEmailWarmupProgram, updateEmailWarmupProgram, deleteEmailWarmupProgram,
  startEmailWarmupProgram, pauseEmailWarmupProgram, resumeEmailWarmupProgram, completeEmailWarmupProgram,
];
