-- Names in each reader's alphabetical order, with numbers by value ("2 А" before "10 А"): Kazakh
-- after the official alphabet (ә after а, ғ after г, қ after к, ң after н, ө after о, ұ ү after у,
-- һ after х, і after ы), Russian with ё beside е. The server compares names in code with
-- Intl.Collator(language, { numeric: true }), the same ICU rules. Needs PostgreSQL built with ICU.
CREATE COLLATION IF NOT EXISTS "ru_names" (provider = icu, locale = 'ru-u-kn');--> statement-breakpoint
CREATE COLLATION IF NOT EXISTS "kk_names" (provider = icu, locale = 'kk-u-kn');
