import { Type } from '@sinclair/typebox';
import { pageRequest } from '../../../core/paging.js';
import { PageQuery } from '../../shared/schemas.js';
import { toEventDto, toJobDto } from '../deliverability.dto.js';
import {
  CreateDeliverabilitySimulationJobOptions, DeliverabilitySimulationJobDto, DeliverabilitySimulationJobEventPageDto, JobParams, TestParams,
} from '../deliverability.schemas.js';
import { deliverabilityOperation, simplePage } from './define.js';

const jobTransition = (operationId: string, act: 'pause' | 'resume' | 'cancel', summary: string) => deliverabilityOperation({
  operationId, method: 'POST', path: `/test/deliverability/{testId}/simulation-jobs/{jobId}/${act}`, summary,
  params: JobParams,
  response: Type.Ref(DeliverabilitySimulationJobDto),
  handler: async ({ tenantId, params }, { deliverabilitySimulations }) => toJobDto(await deliverabilitySimulations[act](tenantId, params.testId, params.jobId)),
});

export const createDeliverabilitySimulationJob = deliverabilityOperation({
  operationId: 'createDeliverabilitySimulationJob', method: 'POST', path: '/test/deliverability/{testId}/simulation-jobs',
  summary: 'Send to every entity of the test (sendsPerTarget times each) from one of your inboxes or numbers, batchSize at a time with delayMs between batches, as a durable job',
  params: TestParams,
  body: Type.Ref(CreateDeliverabilitySimulationJobOptions),
  response: Type.Ref(DeliverabilitySimulationJobDto),
  handler: async ({ tenantId, params, body }, { deliverabilitySimulations }) => toJobDto(await deliverabilitySimulations.create(tenantId, params.testId, body)),
});

export const getDeliverabilitySimulationJob = deliverabilityOperation({
  operationId: 'getDeliverabilitySimulationJob', method: 'GET', path: '/test/deliverability/{testId}/simulation-jobs/{jobId}',
  summary: 'A simulation job\'s progress, counts and errors',
  params: JobParams,
  response: Type.Ref(DeliverabilitySimulationJobDto),
  handler: async ({ tenantId, params }, { deliverabilitySimulations }) => toJobDto(await deliverabilitySimulations.get(tenantId, params.testId, params.jobId)),
});

export const getLatestDeliverabilitySimulationJob = deliverabilityOperation({
  operationId: 'getLatestDeliverabilitySimulationJob', method: 'GET', path: '/test/deliverability/{testId}/simulation-jobs/latest',
  summary: 'The test\'s newest simulation job (404 when it has none)',
  params: TestParams,
  response: Type.Ref(DeliverabilitySimulationJobDto),
  handler: async ({ tenantId, params }, { deliverabilitySimulations }) => toJobDto(await deliverabilitySimulations.latest(tenantId, params.testId)),
});

export const getDeliverabilitySimulationJobEvents = deliverabilityOperation({
  operationId: 'getDeliverabilitySimulationJobEvents', method: 'GET', path: '/test/deliverability/{testId}/simulation-jobs/{jobId}/events',
  summary: 'What the job did, in order: created, started, each send\'s success or failure, paused, resumed, cancelled, completed',
  params: JobParams,
  query: Type.Object(PageQuery),
  response: Type.Ref(DeliverabilitySimulationJobEventPageDto),
  handler: async ({ tenantId, params, query }, { deliverabilitySimulations }) => {
    const req = pageRequest(query);
    const { job, slice } = await deliverabilitySimulations.events(tenantId, params.testId, params.jobId, req);
    return { job: toJobDto(job), ...simplePage(slice.items.map(toEventDto), slice.total, req) };
  },
});

export const pauseDeliverabilitySimulationJob = jobTransition('pauseDeliverabilitySimulationJob', 'pause', 'Pause a RUNNING job after the batch under way');
export const resumeDeliverabilitySimulationJob = jobTransition('resumeDeliverabilitySimulationJob', 'resume', 'Resume a PAUSED job from its next send');
export const cancelDeliverabilitySimulationJob = jobTransition('cancelDeliverabilitySimulationJob', 'cancel', 'Cancel a RUNNING or PAUSED job for good');
