import type { Profile } from '@tamaq/contract/profile';
import { useEffect } from 'react';
import {
  chooseLanguage,
  chosenLanguage,
  LANGUAGES,
  markKeptByProfile,
  pendingChoice,
  type Language,
} from '../../i18n/language.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** Keeps `language` in the signed-in person's profile: it then follows them to any browser. */
export const saveLanguage = (language: Language) => callEndpoint('profile', 'language', { body: { language } });

/**
 * A switch of language by the signed-in person: kept in their profile, then the page loads again in
 * it. Off the network the choice is kept here and goes to the profile at the next sign-in.
 */
export function chooseForProfile(language: Language): void {
  saveLanguage(language).then(
    () => chooseLanguage(language, 'profile'),
    () => chooseLanguage(language, 'choice'),
  );
}

/**
 * Once the profile is known, the language a person works in: a choice just made on this browser
 * before signing in (their profile keeps it from now on); else their own choice from any browser;
 * else their organization's default; else what this browser already shows.
 */
export function useProfileLanguage(profile: Profile | undefined): void {
  const own = profile?.language_chosen ? profile.language : null;
  const organization = profile?.organization?.language ?? null;
  const known = profile !== undefined;
  useEffect(() => {
    if (!known) return;
    const current = chosenLanguage();
    const pending = pendingChoice();
    if (pending) {
      if (pending !== own) saveLanguage(pending).then(markKeptByProfile, () => {});
      else markKeptByProfile();
    } else if (isLanguage(own)) {
      if (own !== current) chooseLanguage(own, 'profile');
    } else if (organization && organization !== current) {
      chooseLanguage(organization, 'organization');
    }
  }, [known, own, organization]);
}
