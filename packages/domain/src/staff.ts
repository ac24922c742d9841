// The shop's team: who may do what in the back office. The server checks every admin call against
// these roles (apps/server/src/http/admin-roles.ts), the admin shows only what a role can use; the
// rule is written here once for both.
import { z } from 'zod';
import { idSchema, moneySchema } from './common-schemas.ts';

export const ROLES = ['owner', 'manager', 'agent', 'packer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  agent: 'Confirmation agent',
  packer: 'Packer',
};

/** What each role is for, as the Users page explains it. */
export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: 'Everything, and the team',
  manager: 'Everything but the team and the shop settings',
  agent: 'The order desk: calls, notes, corrections before shipping',
  packer: 'Approved orders, slips, the courier, returns',
};

/**
 * The things a back-office call or page does, each allowed to some roles. Every admin route names
 * one (admin-roles.ts); every admin page and button asks for one.
 */
export const PERMISSION_ROLES = {
  /** Sign out, who am I. */
  session: ['owner', 'manager', 'agent', 'packer'],
  /** Users, their roles and passwords, the commission per delivered order. */
  users: ['owner'],
  /** Payment accounts, the desk's rules (blacklist policy, thresholds, moderation). */
  settings: ['owner'],
  /** Products, product types, custom items and their prices. */
  catalog: ['owner', 'manager'],
  reviews: ['owner', 'manager'],
  coupons: ['owner', 'manager'],
  /** The shipping fee table. */
  shippingFees: ['owner', 'manager'],
  /** The dashboard's revenue and figures, the agents' figures and commissions. */
  revenue: ['owner', 'manager'],
  /** The accountant's file. */
  exports: ['owner', 'manager'],
  blacklist: ['owner', 'manager'],
  /** Any status by hand, several at once, payments received, a courier's warning checked. */
  statuses: ['owner', 'manager'],
  /** Handing an order of the desk to an agent. */
  assign: ['owner', 'manager'],
  /** The orders list and an order's details. */
  orders: ['owner', 'manager', 'agent', 'packer'],
  /** Notes on an order. */
  notes: ['owner', 'manager', 'agent', 'packer'],
  /** The confirmation queue, calls and their undo, "next order", corrections before shipping. */
  desk: ['owner', 'manager', 'agent'],
  /** Parcels: sending to the courier, slips, the courier's file, returns received. */
  dispatch: ['owner', 'manager', 'packer'],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSION_ROLES;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSION_ROLES[permission] as readonly Role[]).includes(role);
}

/** "owner, manager": who may, for a refusal or the API's documentation. */
export function rolesAllowed(permission: Permission): string {
  return PERMISSION_ROLES[permission].join(', ');
}

/** The 403 of an admin call the signed-in user's role does not allow. */
export function forbiddenMessage(role: Role, permission: Permission): string {
  return `Your role (${role}) cannot do this: ${rolesAllowed(permission)} only`;
}

/** How long "next order" holds an order for its agent without a sign of life. */
export const DESK_CLAIM_MINUTES = 15;

export const MIN_PASSWORD_LENGTH = 8;
const USERNAME_PATTERN = /^[A-Za-z0-9._-]{2,40}$/;

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, { error: 'Username is required' })
  .regex(USERNAME_PATTERN, { error: 'Username: 2 to 40 letters, digits, dots, dashes or underscores' });

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, { error: `The password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  .max(200, { error: 'The password must be at most 200 characters' });

const roleSchema = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });

export const userCreateSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  role: roleSchema,
  commission_per_delivery: moneySchema('Commission per delivered order').optional(),
});
export type UserCreate = z.infer<typeof userCreateSchema>;

/** A change of a user: what is given replaces what they have; a new role or password signs them out. */
export const userUpdateSchema = z
  .object({
    role: roleSchema.optional(),
    password: passwordSchema.optional(),
    commission_per_delivery: moneySchema('Commission per delivered order').optional(),
  })
  .refine((v) => v.role !== undefined || v.password !== undefined || v.commission_per_delivery !== undefined, {
    error: 'Nothing to change: give a role, a password or a commission',
  });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const userSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    role: z.enum(ROLES),
    disabled: z.boolean(),
    /** Da paid per delivered order the user confirmed. */
    commission_per_delivery: z.number(),
    created_at: z.string(),
    /** The last time one of their sessions was used; null when signed out everywhere. */
    last_seen_at: z.string().nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** GET /auth/me: the signed-in user. */
export const identitySchema = z.object({ id: z.number().int(), username: z.string(), role: z.enum(ROLES) });
export type Identity = z.infer<typeof identitySchema>;

// ---- the shared desk ----

/** Who holds an order of the queue: a "next order" for a while, or an assignment until it is done. */
export const orderClaimSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  /** When the hold ends without a sign of life; null for an order assigned by the owner. */
  expires_at: z.string().nullable(),
});
export type OrderClaim = z.infer<typeof orderClaimSchema>;

export const orderAssignSchema = z.object({
  /** The user to hand the order to; null takes it back to the queue. */
  user_id: idSchema.nullable(),
});

// ---- what each agent delivers ----

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const daySchema = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .regex(DAY, { error: `${name} must be a date (YYYY-MM-DD)` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: `${name} must be a date (YYYY-MM-DD)` });

export const staffFiguresQuerySchema = z
  .object({ from: daySchema('from'), to: daySchema('to') })
  .refine((v) => v.from <= v.to, { error: 'from must not be after to' });
export type StaffFiguresQuery = z.infer<typeof staffFiguresQuerySchema>;

export const commissionsQuerySchema = z.object({
  month: z
    .string({ error: 'month must be a month (YYYY-MM)' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'month must be a month (YYYY-MM)' }),
});

/** A share from 0 to 1, null when nothing was decided. */
const rate = z.number().nullable();

export const agentFiguresSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  role: z.enum(ROLES),
  disabled: z.boolean(),
  /** Call outcomes recorded in the period (undone ones left out). */
  calls: z.number().int(),
  confirmed: z.number().int(),
  refused: z.number().int(),
  /** confirmed ÷ (confirmed + refused), as the dashboard's rate. */
  confirmation_rate: rate,
  /** Orders this user confirmed in the period, and where they are now. */
  confirmed_orders: z.number().int(),
  delivered: z.number().int(),
  returned: z.number().int(),
  /** delivered ÷ (delivered + returned), and returned ÷ the same. */
  delivery_rate: rate,
  return_rate: rate,
  commission_per_delivery: z.number(),
  /** Orders this user confirmed that were delivered in the period, and what they earn. */
  delivered_in_period: z.number().int(),
  commission: z.number(),
});
export type AgentFigures = z.infer<typeof agentFiguresSchema>;

export const staffFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  agents: z.array(agentFiguresSchema),
});
export type StaffFigures = z.infer<typeof staffFiguresSchema>;
