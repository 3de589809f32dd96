/** Every table, for drizzle-kit and for the typed client. Modules add their schema file here. */
export * from './schema.ts';
export * from './schema-people.ts';
export * from './schema-food.ts';
export * from './schema-library.ts';
export * from './schema-calendar.ts';
export * from './schema-notifications.ts';
export * from './schema-nutrition.ts';
