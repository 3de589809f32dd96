import { bodyId, newPassword, z } from './zod.ts';

/** The super admin's dashboard (/admin): how much the whole system holds. */
export const AdminSummary = z.object({
  organizations: z.number().int(),
  schools: z.number().int(),
  /** Live users with a classroom. */
  pupils: z.number().int(),
  cards: z.number().int(),
  /** Visits whose day is today in their organization's time zone. */
  visits_today: z.number().int(),
});
export type AdminSummary = z.infer<typeof AdminSummary>;

/** The super admin sets another user's password (spec 1 §2.9). */
export const UserPasswordBody = z.object({
  id: bodyId(),
  password: newPassword(),
});
export type UserPasswordBody = z.infer<typeof UserPasswordBody>;

export const ADMIN_MESSAGES = {
  userNotFound: 'Пользователь не найден',
} as const;
