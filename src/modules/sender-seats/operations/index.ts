import { Type } from '@sinclair/typebox';
import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';
import { DeliverySenderCapacityDto, UpdateDeliverySenderSeatsOptions } from '../sender-seats.schemas.js';

const sendingConnectionsOperation = operationsOf<Services>('SendingConnectionsController');

export const getDeliverySenderSeats = sendingConnectionsOperation({
  operationId: 'getDeliverySenderSeats', method: 'GET', path: '/sending-connections/sender-seats',
  summary: 'The delivery sender cap: seats, how many are held and by which inboxes',
  response: Type.Ref(DeliverySenderCapacityDto),
  handler: ({ tenantId }, { senderSeats }) => senderSeats.capacity(tenantId),
});

export const updateDeliverySenderSeats = sendingConnectionsOperation({
  operationId: 'updateDeliverySenderSeats', method: 'PUT', path: '/sending-connections/sender-seats',
  summary: 'Cap how many distinct inboxes of the account may send; a send from an inbox without a seat when all are taken is a 400',
  body: Type.Ref(UpdateDeliverySenderSeatsOptions),
  response: Type.Ref(DeliverySenderCapacityDto),
  handler: ({ tenantId, body }, { senderSeats }) => senderSeats.setCap(tenantId, body.seats),
});

export const deleteDeliverySenderSeats = sendingConnectionsOperation({
  operationId: 'deleteDeliverySenderSeats', method: 'DELETE', path: '/sending-connections/sender-seats',
  summary: 'Remove the delivery sender cap (every inbox may send again) and free every seat',
  response: Type.Ref(DeliverySenderCapacityDto),
  handler: ({ tenantId }, { senderSeats }) => senderSeats.removeCap(tenantId),
});

/** SendingConnectionsController: delivery sender seats. */
export const senderSeatOperations = [getDeliverySenderSeats, updateDeliverySenderSeats, deleteDeliverySenderSeats];
