import { CATALOGUE_PATHS } from './catalogues.ts';
import type { Module, Role } from './role-list.ts';

/**
 * Every endpoint's method and path, zod-free: the web's first download (the sign-in page) may call
 * by name without loading zod. `endpoints.ts` gives each entry its schemas, roles and summary; the
 * server binds a handler to that, the web calls it by group and name (`web/src/lib/endpoint-client.ts`).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface Route {
  method: Method;
  /** `/api/...`, path parameters as `:name`. */
  path: string;
}

/** Who may call an endpoint: nobody in particular, any signed-in user, or the listed roles. */
export type Access = 'public' | 'authenticated' | readonly Role[];
export type { Module };

export const PATHS = {
  ...CATALOGUE_PATHS,
  'fixation-categories': {
    list: { method: 'GET', path: '/api/fixation/categories' },
    current: { method: 'GET', path: '/api/fixation/current/categories' },
    get: { method: 'GET', path: '/api/fixation/category/:id' },
    create: { method: 'POST', path: '/api/fixation/category' },
    update: { method: 'PUT', path: '/api/fixation/category' },
    remove: { method: 'DELETE', path: '/api/fixation/category/:id' },
  },
  'dish-categories': {
    list: { method: 'GET', path: '/api/categories' },
    get: { method: 'GET', path: '/api/category/:id' },
    create: { method: 'POST', path: '/api/category' },
    update: { method: 'PUT', path: '/api/category' },
    remove: { method: 'DELETE', path: '/api/category/:id' },
  },
  schools: {
    list: { method: 'GET', path: '/api/schools' },
    get: { method: 'GET', path: '/api/school/:id' },
    settings: { method: 'GET', path: '/api/school/:id/settings' },
    create: { method: 'POST', path: '/api/school' },
    update: { method: 'PUT', path: '/api/school' },
    remove: { method: 'DELETE', path: '/api/school/:id' },
  },
  organizations: {
    list: { method: 'GET', path: '/api/organizations' },
    get: { method: 'GET', path: '/api/organization/:id' },
    create: { method: 'POST', path: '/api/organization' },
    update: { method: 'PUT', path: '/api/organization' },
    admins: { method: 'GET', path: '/api/organization/:id/admins' },
    inviteAdmin: { method: 'POST', path: '/api/organization/:id/admin/:userId/invitation' },
  },
  dishes: {
    list: { method: 'GET', path: '/api/products' },
    get: { method: 'GET', path: '/api/product/:id' },
    menus: { method: 'GET', path: '/api/product/:id/menus' },
    create: { method: 'POST', path: '/api/product' },
    update: { method: 'PUT', path: '/api/product' },
    remove: { method: 'DELETE', path: '/api/product/:id' },
  },
  'tech-cards': {
    get: { method: 'GET', path: '/api/product/:id/card' },
    save: { method: 'PUT', path: '/api/product/:id/card' },
    menu: { method: 'GET', path: '/api/menu/:id/figures' },
    layout: { method: 'GET', path: '/api/menu/:id/layout' },
  },
  'menu-rules': {
    get: { method: 'GET', path: '/api/menu-rules' },
    save: { method: 'PUT', path: '/api/menu-rules' },
  },
  norms: {
    templates: { method: 'GET', path: '/api/norm/templates' },
    list: { method: 'GET', path: '/api/norm/sets' },
    create: { method: 'POST', path: '/api/norm/set' },
    fromTemplate: { method: 'POST', path: '/api/norm/set/template' },
    update: { method: 'PUT', path: '/api/norm/set' },
    versions: { method: 'GET', path: '/api/norm/set/:id/versions' },
    remove: { method: 'DELETE', path: '/api/norm/set/:id' },
    school: { method: 'PUT', path: '/api/norm/school' },
  },
  foods: {
    list: { method: 'GET', path: '/api/foods' },
    get: { method: 'GET', path: '/api/food/:id' },
    create: { method: 'POST', path: '/api/food' },
    update: { method: 'PUT', path: '/api/food' },
    remove: { method: 'DELETE', path: '/api/food/:id' },
    prices: { method: 'GET', path: '/api/food/:id/prices' },
    setPrice: { method: 'PUT', path: '/api/food/:id/price' },
    losses: { method: 'GET', path: '/api/cooking-losses' },
    setLoss: { method: 'PUT', path: '/api/cooking-loss' },
  },
  admin: {
    summary: { method: 'GET', path: '/api/admin/summary' },
    outbox: { method: 'GET', path: '/api/admin/outbox' },
    backups: { method: 'GET', path: '/api/admin/backups' },
    backupCreate: { method: 'POST', path: '/api/admin/backups' },
    backupVerify: { method: 'POST', path: '/api/admin/backup/verify' },
    backupFile: { method: 'GET', path: '/api/admin/backup/:name' },
    backupRestore: { method: 'POST', path: '/api/admin/backup/restore' },
    backupUpload: { method: 'POST', path: '/api/admin/backup/upload' },
    backupSettings: { method: 'PUT', path: '/api/admin/backup/settings' },
  },
  'menu-activations': {
    list: { method: 'GET', path: '/api/activated/menus' },
    activate: { method: 'POST', path: '/api/activated/menu/activate' },
    remove: { method: 'PUT', path: '/api/activated/menu/remove' },
    days: { method: 'GET', path: '/api/activated/menu/days' },
  },
  ratings: {
    list: { method: 'GET', path: '/api/ratings' },
  },
  kitchen: {
    count: { method: 'GET', path: '/api/kitchen/count' },
    restrictedRule: { method: 'PUT', path: '/api/kitchen/restricted-rule' },
  },
  setup: {
    progress: { method: 'GET', path: '/api/setup/progress' },
  },
  family: {
    children: { method: 'GET', path: '/api/parent/children' },
    meals: { method: 'GET', path: '/api/parent/child/:id/meals' },
    days: { method: 'GET', path: '/api/parent/child/:id/days' },
    books: { method: 'GET', path: '/api/parent/child/:id/books' },
    menu: { method: 'GET', path: '/api/parent/child/:id/menu' },
    record: { method: 'GET', path: '/api/parent/child/:id/record' },
    restrictions: { method: 'GET', path: '/api/parent/child/:id/restrictions' },
    setRestrictions: { method: 'PUT', path: '/api/parent/child/:id/restrictions' },
    rate: { method: 'PUT', path: '/api/parent/child/:id/meal/:mealId/rating' },
    studentToday: { method: 'GET', path: '/api/student/today' },
    studentRate: { method: 'PUT', path: '/api/student/meal/:mealId/rating' },
    pupil: { method: 'GET', path: '/api/pupil/:id/family' },
    confirmRestrictions: { method: 'PUT', path: '/api/pupil/:id/restrictions/confirmation' },
    unlinkParent: { method: 'DELETE', path: '/api/pupil/:id/parent/:parentId' },
  },
  notifications: {
    ofChild: { method: 'GET', path: '/api/parent/child/:id/notifications' },
    choose: { method: 'PUT', path: '/api/parent/child/:id/notifications' },
    settings: { method: 'GET', path: '/api/parent/notifications/settings' },
    saveSettings: { method: 'PUT', path: '/api/parent/notifications/settings' },
    deliveries: { method: 'GET', path: '/api/admin/notifications' },
    retry: { method: 'POST', path: '/api/admin/notification/:id/retry' },
    devices: { method: 'GET', path: '/api/parent/push' },
    addDevice: { method: 'POST', path: '/api/parent/push/device' },
    removeDevice: { method: 'DELETE', path: '/api/parent/push/device/:id' },
    telegram: { method: 'GET', path: '/api/parent/telegram' },
    linkTelegram: { method: 'POST', path: '/api/parent/telegram/link' },
    removeTelegram: { method: 'DELETE', path: '/api/parent/telegram/chat/:id' },
  },
  absences: {
    list: { method: 'GET', path: '/api/absences' },
    save: { method: 'PUT', path: '/api/absences' },
    upload: { method: 'POST', path: '/api/absences/upload' },
    rejectedRows: { method: 'POST', path: '/api/absences/upload/rejected' },
    template: { method: 'GET', path: '/api/absences/template' },
  },
  calendar: {
    year: { method: 'GET', path: '/api/calendar' },
    create: { method: 'POST', path: '/api/calendar/entry' },
    update: { method: 'PUT', path: '/api/calendar/entry' },
    remove: { method: 'DELETE', path: '/api/calendar/entry/:id' },
    week: { method: 'PUT', path: '/api/calendar/week' },
  },
  cards: {
    list: { method: 'GET', path: '/api/cards' },
    search: { method: 'GET', path: '/api/card/search' },
    ofUser: { method: 'GET', path: '/api/card/user' },
    give: { method: 'POST', path: '/api/card/user' },
    take: { method: 'DELETE', path: '/api/card/user' },
    link: { method: 'POST', path: '/api/card/link' },
    status: { method: 'POST', path: '/api/card/status' },
  },
  menus: {
    list: { method: 'GET', path: '/api/menus' },
    get: { method: 'GET', path: '/api/menu/:id' },
    create: { method: 'POST', path: '/api/menu' },
    update: { method: 'PUT', path: '/api/menu' },
    remove: { method: 'DELETE', path: '/api/menu/:id' },
    copy: { method: 'POST', path: '/api/menu/:id/copy' },
    copyDay: { method: 'POST', path: '/api/menu/:id/days/copy' },
    addDishes: { method: 'POST', path: '/api/menu/product' },
    removeDish: { method: 'PUT', path: '/api/menu/product' },
    orderDishes: { method: 'PUT', path: '/api/menu/product/order' },
  },
  'book-categories': {
    list: { method: 'GET', path: '/api/book/categories' },
    get: { method: 'GET', path: '/api/book/category/:id' },
    create: { method: 'POST', path: '/api/book/category' },
    update: { method: 'PUT', path: '/api/book/category' },
    remove: { method: 'DELETE', path: '/api/book/category/:id' },
  },
  'book-loans': {
    student: { method: 'GET', path: '/api/book/student' },
    autocomplete: { method: 'GET', path: '/api/book/user/autocomplete' },
    reader: { method: 'POST', path: '/api/book/reader' },
    subscribe: { method: 'POST', path: '/api/book/subscribe' },
    byBarcode: { method: 'GET', path: '/api/book/by/barcode' },
    issue: { method: 'POST', path: '/api/book/issuance' },
    renew: { method: 'POST', path: '/api/book/renewal' },
    takeBack: { method: 'POST', path: '/api/book/returning' },
    checkIn: { method: 'POST', path: '/api/book/check-in' },
    settings: { method: 'GET', path: '/api/book/settings' },
    saveSettings: { method: 'PUT', path: '/api/book/settings' },
    onHand: { method: 'GET', path: '/api/books/on/hand' },
    onHandExport: { method: 'GET', path: '/api/books/on/hand/export' },
    notices: { method: 'GET', path: '/api/books/notices' },
  },
  reference: {
    roles: { method: 'GET', path: '/api/users/roles' },
    regions: { method: 'GET', path: '/api/regions' },
  },
  orders: {
    cashbox: { method: 'GET', path: '/api/products/cashbox' },
    create: { method: 'POST', path: '/api/order' },
    void: { method: 'POST', path: '/api/orders/:id/void' },
    day: { method: 'GET', path: '/api/orders/day' },
    report: { method: 'GET', path: '/api/orders' },
    dishSales: { method: 'GET', path: '/api/orders/dishes' },
    dishSalesDownload: { method: 'GET', path: '/api/orders/dishes/download' },
    download: { method: 'GET', path: '/api/orders/download' },
  },
  fixations: {
    recordCanteen: { method: 'POST', path: '/api/fixation' },
    recordSchool: { method: 'POST', path: '/api/school/fixation' },
    list: { method: 'GET', path: '/api/fixations' },
    schoolList: { method: 'GET', path: '/api/school/fixations' },
    canteenToday: { method: 'GET', path: '/api/fixation/today' },
    schoolToday: { method: 'GET', path: '/api/school/fixation/today' },
    schoolPace: { method: 'GET', path: '/api/school/fixation/pace' },
    remove: { method: 'DELETE', path: '/api/fixation/:id' },
    schoolRemove: { method: 'DELETE', path: '/api/school/fixation/:id' },
    subscribe: { method: 'POST', path: '/api/school/fixation/subscribe' },
  },
  'manual-fixations': {
    canteenList: { method: 'GET', path: '/api/fixation/manual' },
    canteenSave: { method: 'POST', path: '/api/fixation/manual' },
    schoolList: { method: 'GET', path: '/api/school/fixation/manual' },
    schoolSave: { method: 'POST', path: '/api/school/fixation/manual' },
  },
  reports: {
    canteen: { method: 'GET', path: '/api/report/fixations' },
    byCategory: { method: 'GET', path: '/api/report/category/fixations' },
    school: { method: 'GET', path: '/api/report/school/fixations' },
    byClass: { method: 'GET', path: '/api/report/school/classrooms/fixations' },
    wallet: { method: 'GET', path: '/api/report/school/social-wallet' },
    anomalies: { method: 'GET', path: '/api/report/anomalies' },
    statistics: { method: 'GET', path: '/api/report/school/statistics' },
  },
  users: {
    list: { method: 'GET', path: '/api/users' },
    template: { method: 'GET', path: '/api/users/template' },
    upload: { method: 'POST', path: '/api/users/upload' },
    rejectedRows: { method: 'POST', path: '/api/users/upload/rejected' },
    export: { method: 'GET', path: '/api/users/export' },
    setFoodCategory: { method: 'POST', path: '/api/users/food-category' },
    get: { method: 'GET', path: '/api/user/:id' },
    create: { method: 'POST', path: '/api/user' },
    update: { method: 'PUT', path: '/api/user' },
    remove: { method: 'DELETE', path: '/api/user/:id' },
  },
  classrooms: {
    list: { method: 'GET', path: '/api/classrooms' },
    get: { method: 'GET', path: '/api/classroom/:id' },
    create: { method: 'POST', path: '/api/classroom' },
    update: { method: 'PUT', path: '/api/classroom' },
    remove: { method: 'DELETE', path: '/api/classroom/:id' },
    promote: { method: 'POST', path: '/api/classrooms/promote' },
    upload: { method: 'POST', path: '/api/classroom/upload' },
    rejectedRows: { method: 'POST', path: '/api/classroom/upload/rejected' },
    template: { method: 'GET', path: '/api/classrooms/template' },
    download: { method: 'GET', path: '/api/classrooms/download' },
  },
  books: {
    list: { method: 'GET', path: '/api/books/list' },
    get: { method: 'GET', path: '/api/book/:id' },
    create: { method: 'POST', path: '/api/book' },
    update: { method: 'PUT', path: '/api/book' },
    remove: { method: 'DELETE', path: '/api/book/:id' },
    generateCopies: { method: 'POST', path: '/api/book/count' },
    addCopy: { method: 'POST', path: '/api/book/barcode' },
    removeCopy: { method: 'DELETE', path: '/api/book/barcode/:id' },
    removeCopies: { method: 'POST', path: '/api/book/barcodes/remove' },
    history: { method: 'POST', path: '/api/book/histories' },
    upload: { method: 'POST', path: '/api/books/upload' },
    rejectedRows: { method: 'POST', path: '/api/books/upload/rejected' },
    importLabels: { method: 'GET', path: '/api/books/import/:id/labels' },
    template: { method: 'GET', path: '/api/books/template' },
  },
  auth: {
    login: { method: 'POST', path: '/api/auth/login' },
    refresh: { method: 'POST', path: '/api/auth/refresh' },
    logout: { method: 'POST', path: '/api/auth/logout' },
    downloadToken: { method: 'POST', path: '/api/auth/download-token' },
    register: { method: 'POST', path: '/api/auth/register' },
    confirmRegister: { method: 'PUT', path: '/api/auth/register' },
    recover: { method: 'POST', path: '/api/auth/password/recovery' },
    confirmRecovery: { method: 'PUT', path: '/api/auth/password/recovery' },
    confirmSetup: { method: 'PUT', path: '/api/auth/password/setup' },
  },
  profile: {
    get: { method: 'GET', path: '/api/profile' },
    update: { method: 'PUT', path: '/api/profile' },
    changePassword: { method: 'PUT', path: '/api/profile/password' },
    language: { method: 'PUT', path: '/api/profile/language' },
    requestRemoval: { method: 'POST', path: '/api/profile/remove' },
    confirmRemoval: { method: 'PUT', path: '/api/profile/remove' },
  },
  invitations: {
    invite: { method: 'POST', path: '/api/users/parent/invitation' },
    get: { method: 'GET', path: '/api/users/parent/invitation/:code' },
    confirm: { method: 'POST', path: '/api/users/parent/invitation/confirm' },
  },
  platform: {
    brand: { method: 'GET', path: '/api/brand' },
    health: { method: 'GET', path: '/api/health' },
  },
  images: {
    upload: { method: 'POST', path: '/api/image/upload' },
    replace: { method: 'POST', path: '/api/image/upload/:id' },
    get: { method: 'GET', path: '/api/images/:key' },
  },
  'user-password': {
    set: { method: 'POST', path: '/api/user/password' },
  },
} as const satisfies Record<string, Record<string, Route>>;

export type Group = keyof typeof PATHS;
export type EndpointName<G extends Group> = keyof (typeof PATHS)[G] & string;

/** The path with its `:name` parameters filled in (each encoded). */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
