import { endpointsOf } from './endpoint-kit.ts';
import { rolesFor } from './routes.ts';
import { z } from './zod.ts';

/**
 * A new organization's first steps, in the order a school takes them (docs/rules.md "The setup
 * checklist"): each is done once the organization has what it makes. A kindergarten has no social
 * teacher, dishes or menus: those steps are not its.
 */
export const SETUP_STEPS = [
  'schools',
  'calendar',
  'meal_times',
  'food_categories',
  'classes',
  'pupils',
  'cards',
  'dishes',
  'menu',
  'cashier',
  'social_teacher',
] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const SetupProgress = z.object({
  steps: z.array(z.object({ key: z.enum(SETUP_STEPS), done: z.boolean() })),
});
export type SetupProgress = z.infer<typeof SetupProgress>;

export const SETUP_ENDPOINTS = {
  progress: endpointsOf('setup')('progress', {
    answer: SetupProgress,
    access: rolesFor('/schools'),
    summary:
      'Первые шаги организации: что уже заведено (школы, календарь, время питания, категории, классы, ученики, карты, блюда, меню, сотрудники)',
  }),
};
