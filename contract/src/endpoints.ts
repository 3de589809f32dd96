import type { EndpointName, Group } from './api-paths.ts';
import { CANTEEN_ENDPOINTS } from './canteens.ts';
import { REFERENCE_ENDPOINTS } from './profile.ts';
import { USER_PASSWORD_ENDPOINTS } from './admin.ts';
import type { Endpoint } from './endpoint-kit.ts';
import { BOOK_LOANS_ENDPOINTS } from './library.ts';
import { BOOK_CATEGORIES_ENDPOINTS } from './library.ts';
import { MENUS_ENDPOINTS } from './menus.ts';
import { CARDS_ENDPOINTS } from './cards.ts';
import { MENU_ACTIVATIONS_ENDPOINTS } from './menu-activations.ts';
import { ADMIN_ENDPOINTS } from './admin.ts';
import { DISHES_ENDPOINTS } from './dishes.ts';
import { FOODS_ENDPOINTS } from './foods.ts';
import { NORMS_ENDPOINTS } from './norms.ts';
import { MENU_RULES_ENDPOINTS } from './menu-rules.ts';
import { AGE_GROUPS_ENDPOINTS } from './age-groups.ts';
import { TECH_CARDS_ENDPOINTS } from './tech-cards.ts';
import { ORGANIZATIONS_ENDPOINTS } from './organizations.ts';
import { SCHOOLS_ENDPOINTS } from './schools.ts';
import { DISH_CATEGORIES_ENDPOINTS } from './dishes.ts';
import { FIXATION_CATEGORIES_ENDPOINTS } from './fixation-categories.ts';
import { FOOD_CATEGORIES_ENDPOINTS } from './food-categories.ts';
import { WATCHES_ENDPOINTS } from './watches.ts';
import { ORDERS_ENDPOINTS } from './orders.ts';
import { IMAGES_ENDPOINTS } from './images.ts';
import { INVITATIONS_ENDPOINTS } from './invitations.ts';
import { PLATFORM_ENDPOINTS } from './health.ts';
import { PROFILE_ENDPOINTS } from './profile.ts';
import { AUTH_ENDPOINTS } from './auth.ts';
import { BOOKS_ENDPOINTS } from './library.ts';
import { CLASSROOMS_ENDPOINTS } from './classrooms.ts';
import { USERS_ENDPOINTS } from './users.ts';
import { REPORTS_ENDPOINTS } from './reports.ts';
import { MANUAL_FIXATIONS_ENDPOINTS } from './manual-fixations.ts';
import { FIXATIONS_ENDPOINTS } from './fixations.ts';
import { CALENDAR_ENDPOINTS } from './calendar.ts';
import { ABSENCES_ENDPOINTS } from './absences.ts';
import { KITCHEN_ENDPOINTS } from './kitchen.ts';
import { SETUP_ENDPOINTS } from './setup.ts';
import { FAMILY_ENDPOINTS } from './family.ts';
import { RATINGS_ENDPOINTS } from './ratings.ts';
import { NOTIFICATIONS_ENDPOINTS } from './notifications.ts';

export type { CallAnswer, CallInput, Endpoint } from './endpoint-kit.ts';

/** Every endpoint of the API, by group and name; each declared in its module's contract file. */
export const ENDPOINTS = {
  canteens: CANTEEN_ENDPOINTS,
  watches: WATCHES_ENDPOINTS,
  'food-categories': FOOD_CATEGORIES_ENDPOINTS,
  'fixation-categories': FIXATION_CATEGORIES_ENDPOINTS,
  'dish-categories': DISH_CATEGORIES_ENDPOINTS,
  schools: SCHOOLS_ENDPOINTS,
  organizations: ORGANIZATIONS_ENDPOINTS,
  dishes: DISHES_ENDPOINTS,
  foods: FOODS_ENDPOINTS,
  norms: NORMS_ENDPOINTS,
  'menu-rules': MENU_RULES_ENDPOINTS,
  'age-groups': AGE_GROUPS_ENDPOINTS,
  'tech-cards': TECH_CARDS_ENDPOINTS,
  admin: ADMIN_ENDPOINTS,
  'menu-activations': MENU_ACTIVATIONS_ENDPOINTS,
  calendar: CALENDAR_ENDPOINTS,
  absences: ABSENCES_ENDPOINTS,
  kitchen: KITCHEN_ENDPOINTS,
  setup: SETUP_ENDPOINTS,
  family: FAMILY_ENDPOINTS,
  ratings: RATINGS_ENDPOINTS,
  notifications: NOTIFICATIONS_ENDPOINTS,
  cards: CARDS_ENDPOINTS,
  menus: MENUS_ENDPOINTS,
  'book-categories': BOOK_CATEGORIES_ENDPOINTS,
  'book-loans': BOOK_LOANS_ENDPOINTS,
  reference: REFERENCE_ENDPOINTS,
  'user-password': USER_PASSWORD_ENDPOINTS,
  orders: ORDERS_ENDPOINTS,
  images: IMAGES_ENDPOINTS,
  invitations: INVITATIONS_ENDPOINTS,
  platform: PLATFORM_ENDPOINTS,
  profile: PROFILE_ENDPOINTS,
  auth: AUTH_ENDPOINTS,
  books: BOOKS_ENDPOINTS,
  classrooms: CLASSROOMS_ENDPOINTS,
  users: USERS_ENDPOINTS,
  reports: REPORTS_ENDPOINTS,
  'manual-fixations': MANUAL_FIXATIONS_ENDPOINTS,
  fixations: FIXATIONS_ENDPOINTS,
} as const satisfies { [G in Group]: { [N in EndpointName<G>]: Endpoint } };

export type Endpoints = typeof ENDPOINTS;
