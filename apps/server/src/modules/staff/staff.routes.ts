// The team's calls (admin scope, http/admin-guard.ts; who may call each: http/admin-roles.ts):
// users, the shared desk's holds, and what each agent delivers.
import { z } from 'zod';
import {
  commissionsQuerySchema,
  orderAssignSchema,
  ROLES,
  staffFiguresQuerySchema,
  staffFiguresSchema,
  userCreateSchema,
  userSchema,
  userUpdateSchema,
} from '@shop/domain/staff';
import { orderSchema } from '@shop/domain/order-responses';
import { envelopeSchema } from '@shop/domain/responses';
import { idParamsSchema } from '@shop/domain/common-schemas';
import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';
import { errorResponses } from '../../http/contracts.ts';
import { signedIn } from '../../http/admin-guard.ts';
import { createUser, disableUser, enableUser, listUsers, updateUser } from './users.service.ts';
import { assignOrder, claimOrder, deskUsers, nextOrder, releaseOrder } from './desk-claims.service.ts';
import { commissionsCsv, staffFigures } from './staff-figures.service.ts';
import { STAFF_MESSAGES } from './staff-messages.ts';

const csvAnswer = z.string().meta({ description: 'CSV: UTF-8 with a byte-order mark, ";" between cells' });
const deskUserSchema = z.object({ id: z.number().int(), username: z.string(), role: z.enum(ROLES) });

export function staffAdminRoutes(app: App): void {
  const users = { tags: ['staff'] };
  const userAnswer = envelopeSchema(userSchema);

  app.get(
    '/users',
    { schema: { ...users, summary: 'The back office users', response: { 200: envelopeSchema(z.array(userSchema)) } } },
    async () => envelope(await listUsers(app.db.kysely)),
  );

  app.post(
    '/users',
    {
      schema: {
        ...users,
        summary: 'Adds a user with a role (owner, manager, agent, packer) and a password',
        body: userCreateSchema,
        response: { 201: userAnswer, ...errorResponses(409) },
      },
      config: { keepsCache: true },
    },
    async (request, reply) => {
      const user = await createUser(app.db.kysely, request.body, app.config.passwordHashCost);
      return reply.status(201).send(envelope(user, STAFF_MESSAGES.userCreated(user.username), 201));
    },
  );

  app.put(
    '/users/:id',
    {
      schema: {
        ...users,
        summary:
          "Changes a user's role, commission per delivered order or password; a new role or password signs them out everywhere",
        params: idParamsSchema,
        body: userUpdateSchema,
        response: { 200: userAnswer, ...errorResponses(404, 409) },
      },
      config: { keepsCache: true },
    },
    async (request) => {
      const user = await updateUser(app.db.kysely, request.params.id, request.body, app.config.passwordHashCost);
      return envelope(user, STAFF_MESSAGES.userChanged(user.username));
    },
  );

  app.post(
    '/users/:id/disable',
    {
      schema: {
        ...users,
        summary: 'Disables a user: signed out everywhere at once, their orders of the desk back in the queue',
        params: idParamsSchema,
        response: { 200: userAnswer, ...errorResponses(404, 409) },
      },
      config: { keepsCache: true },
    },
    async (request) => {
      const user = await disableUser(app.db.kysely, request.params.id);
      return envelope(user, STAFF_MESSAGES.userDisabled(user.username));
    },
  );

  app.post(
    '/users/:id/enable',
    {
      schema: {
        ...users,
        summary: 'Lets a disabled user sign in again',
        params: idParamsSchema,
        response: { 200: userAnswer, ...errorResponses(404) },
      },
      config: { keepsCache: true },
    },
    async (request) => {
      const user = await enableUser(app.db.kysely, request.params.id);
      return envelope(user, STAFF_MESSAGES.userEnabled(user.username));
    },
  );

  app.get(
    '/staff/figures',
    {
      schema: {
        ...users,
        summary:
          "Each agent's calls, confirmation rate, the delivered and returned rates of the orders they confirmed, and their commission, from one day to another (UTC days)",
        querystring: staffFiguresQuerySchema,
        response: { 200: envelopeSchema(staffFiguresSchema) },
      },
    },
    async (request) => envelope(await staffFigures(app.db.kysely, request.query.from, request.query.to)),
  );

  app.get(
    '/staff/commissions',
    {
      schema: {
        ...users,
        summary:
          "A month's commissions per agent (orders they confirmed delivered that month × their commission), CSV for French spreadsheets",
        querystring: commissionsQuerySchema,
        produces: ['text/csv'],
        response: { 200: csvAnswer },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="commissions-${request.query.month}.csv"`)
        .header('cache-control', 'no-store')
        .send(await commissionsCsv(app.db.kysely, request.query.month)),
  );

  app.get(
    '/staff/desk',
    {
      schema: {
        ...users,
        summary: 'The active users who work the desk, to assign an order to',
        response: { 200: envelopeSchema(z.array(deskUserSchema)) },
      },
    },
    async () => envelope(await deskUsers(app.db.kysely)),
  );

  const desk = { tags: ['orders'] };
  const orderAnswer = envelopeSchema(orderSchema);

  app.post(
    '/order/next',
    {
      schema: {
        ...desk,
        summary:
          'Holds the next order waiting for its call for the signed-in agent (15 minutes from their last action on it) and answers it; null when none waits',
        response: { 200: envelopeSchema(orderSchema.nullable()), ...errorResponses(503) },
      },
      config: { keepsCache: true },
    },
    async (request) => {
      const order = await nextOrder(app.db.kysely, signedIn(request));
      return envelope(order, order ? STAFF_MESSAGES.nextOrder(order.id) : STAFF_MESSAGES.nothingToCall);
    },
  );

  app.post(
    '/order/claim/:id',
    {
      schema: {
        ...desk,
        summary: 'Holds one order waiting for its call for the signed-in agent; 409 while another holds it',
        params: idParamsSchema,
        response: { 200: orderAnswer, ...errorResponses(404, 409) },
      },
      config: { keepsCache: true },
    },
    async (request) =>
      envelope(
        await claimOrder(app.db.kysely, request.params.id, signedIn(request)),
        STAFF_MESSAGES.claimed(request.params.id),
      ),
  );

  app.post(
    '/order/release/:id',
    {
      schema: {
        ...desk,
        summary: "Gives an order back to the queue (its holder, or the owner or a manager for anyone's)",
        params: idParamsSchema,
        response: { 200: orderAnswer, ...errorResponses(404, 409) },
      },
      config: { keepsCache: true },
    },
    async (request) =>
      envelope(
        await releaseOrder(app.db.kysely, request.params.id, signedIn(request)),
        STAFF_MESSAGES.released(request.params.id),
      ),
  );

  app.put(
    '/order/assign/:id',
    {
      schema: {
        ...desk,
        summary:
          'Hands an order waiting for its call to a user of the desk until the call is made (null: back to the queue)',
        params: idParamsSchema,
        body: orderAssignSchema,
        response: { 200: orderAnswer, ...errorResponses(404, 409) },
      },
      config: { keepsCache: true },
    },
    async (request) => {
      const order = await assignOrder(app.db.kysely, request.params.id, request.body.user_id);
      return envelope(
        order,
        order.claim ? STAFF_MESSAGES.assigned(order.id, order.claim.username) : STAFF_MESSAGES.released(order.id),
      );
    },
  );
}
