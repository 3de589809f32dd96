import { CATALOGUES, catalogueScreens as catalogueRoutesOf, type CatalogueRoute } from '@tamaq/contract/catalogues';
import type { GuardedRoute, PUBLIC_ROUTES } from '@tamaq/contract/routes';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type RoutePattern = GuardedRoute | (typeof PUBLIC_ROUTES)[number];
type Screen = LazyExoticComponent<ComponentType>;

/** Lazy-loads a named export, so screens keep named exports and each feature is its own chunk. */
const screen = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType): Screen =>
  lazy(async () => ({ default: pick(await load()) }));

/** What a catalogue's `web/src/features/<group>/catalogue.tsx` exports: its list and its form. */
interface CatalogueModule {
  ListScreen: ComponentType;
  FormScreen: ComponentType;
}
const CATALOGUE_MODULES = import.meta.glob<CatalogueModule>('../features/*/catalogue.tsx');

/**
 * The screens of each catalogue of the contract's `catalogues.ts`, found by convention in
 * `features/<group>/catalogue.tsx` (each its own chunk): a catalogue without that file fails here.
 */
function catalogueScreens(): Record<CatalogueRoute, Screen> {
  const screens: Partial<Record<CatalogueRoute, Screen>> = {};
  for (const [group, catalogue] of Object.entries(CATALOGUES)) {
    const load = CATALOGUE_MODULES[`../features/${group}/catalogue.tsx`];
    if (!load) throw new Error(`the catalogue ${group} has no web/src/features/${group}/catalogue.tsx`);
    const routes = catalogueRoutesOf(catalogue);
    const form = screen(load, (m) => m.FormScreen);
    Object.assign(screens, {
      [routes.list]: screen(load, (m) => m.ListScreen),
      [routes.create]: form,
      [routes.edit]: form,
    });
  }
  return screens as Record<CatalogueRoute, Screen>;
}

/**
 * The one registry of screens: route pattern (exactly as in the contract's route map) -> screen.
 * A feature plugs a screen in with one line here; the router adds the role guard and the layout.
 * Every pattern has its screen: a route the contract adds without one does not compile.
 */
export const SCREENS: Record<RoutePattern, Screen> = {
  '/login': screen(
    () => import('../features/account/login-page.tsx'),
    (m) => m.LoginPage,
  ),
  '/signup': screen(
    () => import('../features/account/signup-page.tsx'),
    (m) => m.SignupPage,
  ),
  '/recovery': screen(
    () => import('../features/account/recovery-page.tsx'),
    (m) => m.RecoveryPage,
  ),
  '/password/setup': screen(
    () => import('../features/account/setup-password-page.tsx'),
    (m) => m.SetupPasswordPage,
  ),
  '/profile/remove': screen(
    () => import('../features/account/remove-account-page.tsx'),
    (m) => m.RemoveAccountPage,
  ),
  '/profile': screen(
    () => import('../features/account/profile-page.tsx'),
    (m) => m.ProfilePage,
  ),
  '/password': screen(
    () => import('../features/account/password-page.tsx'),
    (m) => m.PasswordPage,
  ),
  // The family's page is its own light app (web/src/family): reached in here, it loads as that.
  '/download': screen(
    () => import('./family-page-load.tsx'),
    (m) => m.FamilyPageLoad,
  ),
  '/privacy': screen(
    () => import('../features/landing/privacy-page.tsx'),
    (m) => m.PrivacyPage,
  ),
  ...catalogueScreens(),
  '/categories': screen(
    () => import('../features/dishes/dish-categories-list-page.tsx'),
    (m) => m.DishCategoriesListPage,
  ),
  '/category/create': screen(
    () => import('../features/dishes/dish-category-form-page.tsx'),
    (m) => m.DishCategoryFormPage,
  ),
  '/category/:id': screen(
    () => import('../features/dishes/dish-category-form-page.tsx'),
    (m) => m.DishCategoryFormPage,
  ),
  '/products/:categoryId': screen(
    () => import('../features/dishes/dishes-list-page.tsx'),
    (m) => m.DishesListPage,
  ),
  '/product/:categoryId/create': screen(
    () => import('../features/dishes/dish-form-page.tsx'),
    (m) => m.DishFormPage,
  ),
  '/product/:categoryId/:id': screen(
    () => import('../features/dishes/dish-form-page.tsx'),
    (m) => m.DishFormPage,
  ),
  '/product/:categoryId/:id/card': screen(
    () => import('../features/tech-cards/tech-card-page.tsx'),
    (m) => m.TechCardPage,
  ),
  '/product/:categoryId/:id/card/print': screen(
    () => import('../features/tech-cards/tech-card-print-page.tsx'),
    (m) => m.TechCardPrintPage,
  ),
  '/menus': screen(
    () => import('../features/menus/menus-list-page.tsx'),
    (m) => m.MenusListPage,
  ),
  '/menu/create': screen(
    () => import('../features/menus/menu-form-page.tsx'),
    (m) => m.MenuFormPage,
  ),
  '/menu/:id': screen(
    () => import('../features/menus/menu-form-page.tsx'),
    (m) => m.MenuFormPage,
  ),
  '/norms': screen(
    () => import('../features/norms/norms-page.tsx'),
    (m) => m.NormsPage,
  ),
  '/foods': screen(
    () => import('../features/foods/foods-page.tsx'),
    (m) => m.FoodsPage,
  ),
  '/orders': screen(
    () => import('../features/orders/orders-page.tsx'),
    (m) => m.OrdersPage,
  ),
  '/report/fixations': screen(
    () => import('../features/reports/canteen-report-page.tsx'),
    (m) => m.CanteenReportPage,
  ),
  '/report/category/fixations': screen(
    () => import('../features/reports/category-report-page.tsx'),
    (m) => m.CategoryReportPage,
  ),
  '/report/school/fixations': screen(
    () => import('../features/reports/school-report-page.tsx'),
    (m) => m.SchoolReportPage,
  ),
  '/report/school/classroom/fixations': screen(
    () => import('../features/reports/class-report-page.tsx'),
    (m) => m.ClassReportPage,
  ),
  '/report/school/social-wallet': screen(
    () => import('../features/reports/wallet-report-page.tsx'),
    (m) => m.WalletReportPage,
  ),
  '/ratings': screen(
    () => import('../features/reports/ratings-page.tsx'),
    (m) => m.RatingsPage,
  ),
  '/report/anomalies': screen(
    () => import('../features/reports/anomalies-page.tsx'),
    (m) => m.AnomaliesPage,
  ),
  '/report/school/statistics': screen(
    () => import('../features/reports/statistics-page.tsx'),
    (m) => m.StatisticsPage,
  ),
  '/cashbox': screen(
    () => import('../features/cashbox/cashbox-page.tsx'),
    (m) => m.CashboxPage,
  ),
  '/cashbox/day': screen(
    () => import('../features/cashbox/cashier-day-page.tsx'),
    (m) => m.CashierDayPage,
  ),
  '/menu/:id/print': screen(
    () => import('../features/menus/menu-print-page.tsx'),
    (m) => m.MenuPrintPage,
  ),
  '/menu/:id/approval': screen(
    () => import('../features/menus/menu-approval-page.tsx'),
    (m) => m.MenuApprovalPage,
  ),
  '/menu/:id/layout': screen(
    () => import('../features/menus/menu-layout-page.tsx'),
    (m) => m.MenuLayoutPage,
  ),
  '/kitchen': screen(
    () => import('../features/calendar/kitchen-page.tsx'),
    (m) => m.KitchenPage,
  ),
  '/absences': screen(
    () => import('../features/calendar/absences-page.tsx'),
    (m) => m.AbsencesPage,
  ),
  '/calendar': screen(
    () => import('../features/calendar/calendar-page.tsx'),
    (m) => m.CalendarPage,
  ),
  '/activated/menus': screen(
    () => import('../features/menus/activated-menus-page.tsx'),
    (m) => m.ActivatedMenusPage,
  ),
  '/menu/activate': screen(
    () => import('../features/menus/menu-activate-page.tsx'),
    (m) => m.MenuActivatePage,
  ),
  '/school/fixation/manual': screen(
    () => import('../features/manual-fixation/school-manual-page.tsx'),
    (m) => m.SchoolManualPage,
  ),
  '/fixation/manual': screen(
    () => import('../features/manual-fixation/canteen-manual-page.tsx'),
    (m) => m.CanteenManualPage,
  ),
  '/fixation': screen(
    () => import('../features/fixation/canteen-fixation-page.tsx'),
    (m) => m.CanteenFixationPage,
  ),
  '/school/fixation': screen(
    () => import('../features/fixation/school-fixation-page.tsx'),
    (m) => m.SchoolFixationPage,
  ),
  '/fixation/categories': screen(
    () => import('../features/fixation-categories/fixation-categories-list-page.tsx'),
    (m) => m.FixationCategoriesListPage,
  ),
  '/fixation/category/create': screen(
    () => import('../features/fixation-categories/fixation-category-form-page.tsx'),
    (m) => m.FixationCategoryFormPage,
  ),
  '/fixation/category/:id': screen(
    () => import('../features/fixation-categories/fixation-category-form-page.tsx'),
    (m) => m.FixationCategoryFormPage,
  ),
  '/schools': screen(
    () => import('../features/schools/schools-list-page.tsx'),
    (m) => m.SchoolsListPage,
  ),
  '/school/create': screen(
    () => import('../features/schools/school-form-page.tsx'),
    (m) => m.SchoolFormPage,
  ),
  '/school/:id': screen(
    () => import('../features/schools/school-form-page.tsx'),
    (m) => m.SchoolFormPage,
  ),
  '/school/:id/settings': screen(
    () => import('../features/schools/school-settings-page.tsx'),
    (m) => m.SchoolSettingsPage,
  ),
  '/books/categories': screen(
    () => import('../features/library/book-categories-page.tsx'),
    (m) => m.BookCategoriesPage,
  ),
  '/books/category/:schoolId/create': screen(
    () => import('../features/library/book-category-form-page.tsx'),
    (m) => m.BookCategoryFormPage,
  ),
  '/books/category/:schoolId/:id': screen(
    () => import('../features/library/book-category-form-page.tsx'),
    (m) => m.BookCategoryFormPage,
  ),
  '/books': screen(
    () => import('../features/library/books-page.tsx'),
    (m) => m.BooksPage,
  ),
  '/books/:schoolId/create': screen(
    () => import('../features/library/book-form-page.tsx'),
    (m) => m.BookFormPage,
  ),
  '/books/:schoolId/:id': screen(
    () => import('../features/library/book-form-page.tsx'),
    (m) => m.BookFormPage,
  ),
  '/books/:id/barcodes': screen(
    () => import('../features/library/book-barcodes-page.tsx'),
    (m) => m.BookBarcodesPage,
  ),
  '/books/imports/:id/labels': screen(
    () => import('../features/library/import-labels-page.tsx'),
    (m) => m.ImportLabelsPage,
  ),
  '/books/:id/histories': screen(
    () => import('../features/library/book-history-page.tsx'),
    (m) => m.BookHistoryPage,
  ),
  '/books/issuance': screen(
    () => import('../features/library/issuance-page.tsx'),
    (m) => m.IssuancePage,
  ),
  '/books/onhands': screen(
    () => import('../features/library/on-hands-page.tsx'),
    (m) => m.OnHandsPage,
  ),
  '/books/notices': screen(
    () => import('../features/library/overdue-notices-page.tsx'),
    (m) => m.OverdueNoticesPage,
  ),
  '/classrooms': screen(
    () => import('../features/classrooms/classrooms-list-page.tsx'),
    (m) => m.ClassroomsListPage,
  ),
  '/classroom/:school/create': screen(
    () => import('../features/classrooms/classroom-form-page.tsx'),
    (m) => m.ClassroomFormPage,
  ),
  '/classroom/:school/:id': screen(
    () => import('../features/classrooms/classroom-form-page.tsx'),
    (m) => m.ClassroomFormPage,
  ),
  '/parent/invitation/:code': screen(
    () => import('../features/invitation/invitation-page.tsx'),
    (m) => m.InvitationPage,
  ),
  '/users': screen(
    () => import('../features/users/users-list-page.tsx'),
    (m) => m.UsersListPage,
  ),
  '/classroom/:classroomId/users': screen(
    () => import('../features/users/classroom-users-page.tsx'),
    (m) => m.ClassroomUsersPage,
  ),
  '/pupils': screen(
    () => import('../features/users/pupils-page.tsx'),
    (m) => m.PupilsPage,
  ),
  '/user/create': screen(
    () => import('../features/users/user-form-page.tsx'),
    (m) => m.UserFormPage,
  ),
  '/user/:id': screen(
    () => import('../features/users/user-form-page.tsx'),
    (m) => m.UserFormPage,
  ),
  '/classroom/:classroomId/user/create': screen(
    () => import('../features/users/user-form-page.tsx'),
    (m) => m.UserFormPage,
  ),
  '/classroom/:classroomId/user/:id': screen(
    () => import('../features/users/user-form-page.tsx'),
    (m) => m.UserFormPage,
  ),
  '/organizations': screen(
    () => import('../features/organizations/organizations-page.tsx'),
    (m) => m.OrganizationsPage,
  ),
  '/organization/create': screen(
    () => import('../features/organizations/organization-form-page.tsx'),
    (m) => m.OrganizationFormPage,
  ),
  '/organization/:id': screen(
    () => import('../features/organizations/organization-form-page.tsx'),
    (m) => m.OrganizationFormPage,
  ),
  '/admin': screen(
    () => import('../features/admin/admin-page.tsx'),
    (m) => m.AdminPage,
  ),
  '/admin/outbox': screen(
    () => import('../features/admin/outbox-page.tsx'),
    (m) => m.OutboxPage,
  ),
  '/admin/notifications': screen(
    () => import('../features/admin/notifications-page.tsx'),
    (m) => m.NotificationsPage,
  ),
  '/admin/backups': screen(
    () => import('../features/admin/backups-page.tsx'),
    (m) => m.BackupsPage,
  ),
  '/user/password/:id': screen(
    () => import('../features/admin/user-password-page.tsx'),
    (m) => m.UserPasswordPage,
  ),
  '/cards': screen(
    () => import('../features/cards/cards-page.tsx'),
    (m) => m.CardsPage,
  ),
  '/cards/:id': screen(
    () => import('../features/cards/organization-cards-page.tsx'),
    (m) => m.OrganizationCardsPage,
  ),
  '/user/cards/:id': screen(
    () => import('../features/cards/user-cards-page.tsx'),
    (m) => m.UserCardsPage,
  ),
  '/classroom/:classroomId/user/cards/:id': screen(
    () => import('../features/cards/user-cards-page.tsx'),
    (m) => m.UserCardsPage,
  ),
};

/** What a student sees on `/`: there is no back office for that role (docs/domain.md). */
export const StudentHome = screen(
  () => import('../features/landing/download-page.tsx'),
  (m) => m.DownloadPage,
);
