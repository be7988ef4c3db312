import { Type } from '@sinclair/typebox';
import { Nullable, Uuid } from '../shared/schemas.js';

/** Most seats a cap may give: far more inboxes than an account holds, and an int32. */
export const MAX_SEATS = 1_000_000;

export const UpdateDeliverySenderSeatsOptions = Type.Object(
  { seats: Type.Integer({ minimum: 0, maximum: MAX_SEATS, description: 'how many distinct inboxes of the account may send (0: none may)' }) },
  { $id: 'UpdateDeliverySenderSeatsOptions' },
);

export const DeliverySenderCapacityDto = Type.Object(
  {
    seats: Nullable(Type.Integer({ description: 'the cap; null when there is none (every inbox may send)' })),
    used: Type.Integer({ description: 'seats held' }),
    available: Nullable(Type.Integer({ description: 'seats still free; null when there is no cap' })),
    inboxIds: Type.Array(Uuid, { description: 'the inboxes holding seats, first taken first' }),
  },
  { $id: 'DeliverySenderCapacityDto' },
);

export const senderSeatModelSchemas = [UpdateDeliverySenderSeatsOptions, DeliverySenderCapacityDto];
