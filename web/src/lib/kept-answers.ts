import { FAMILY_PAGES, isFamilyPage } from '@tamaq/contract/family-pages';
import { dehydrate, hydrate, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * The answers a page keeps on the device for a page opened without a network (a parent's phone on
 * a bus): the queries whose key is `[prefix, kind, …]` for a kind of `kinds`, as last loaded, each with when it was loaded
 * (react-query's `dataUpdatedAt`, which the page shows). Kept for one user: another user, or
 * signing out, forgets them (`forgetKeptAnswers`).
 */
const STORAGE = 'tamaq-kept-answers';
/** How long after an answer the device writes them down (a page loads a few at once). */
const WRITE_AFTER_MS = 1_000;

interface Kept {
  sub: string;
  prefix: string;
  state: ReturnType<typeof dehydrate>;
}

function read(): Kept | null {
  try {
    return JSON.parse(localStorage.getItem(STORAGE) ?? 'null') as Kept | null;
  } catch {
    return null;
  }
}

/** Forgets what is kept (a user signed out, or another signed in). */
export function forgetKeptAnswers(): void {
  try {
    localStorage.removeItem(STORAGE);
  } catch {
    /* storage unavailable: nothing was kept */
  }
}

/** What `sub` was shown last, into the client: before the page's own queries ask the network. */
function restore(client: QueryClient, sub: string, prefix: string) {
  const kept = read();
  if (!kept || kept.sub !== sub || kept.prefix !== prefix) return;
  hydrate(client, kept.state);
  // Shown at once, and read again all the same: a page opened anew wants what is true now.
  void client.invalidateQueries({ queryKey: [prefix], refetchType: 'none' });
}

/**
 * Keeps the user's answers of `prefix` on the device, and brings them back when the page opens
 * again: call it above the page's queries.
 */
export function useKeptAnswers(sub: string | null, prefix: string, kinds: string[]): void {
  const client = useQueryClient();
  // Once, before the queries below read the cache.
  useState(() => {
    if (sub) restore(client, sub, prefix);
    return true;
  });
  useEffect(() => {
    if (!sub) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const write = () => {
      timer = null;
      const state = dehydrate(client, {
        shouldDehydrateQuery: (q) =>
          q.queryKey[0] === prefix && kinds.includes(String(q.queryKey[1])) && q.state.status === 'success',
      });
      try {
        localStorage.setItem(STORAGE, JSON.stringify({ sub, prefix, state } satisfies Kept));
      } catch {
        /* full or unavailable: the page works as without it */
      }
    };
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryKey[0] !== prefix) return;
      if (event.query.state.status !== 'success' || timer) return;
      timer = setTimeout(write, WRITE_AFTER_MS);
    });
    // A page left (reloaded, closed) within the second writes what it has now.
    const flush = () => {
      if (!timer) return;
      clearTimeout(timer);
      write();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      if (timer) clearTimeout(timer);
    };
  }, [client, sub, prefix, kinds]);
}

/**
 * The app's service worker (`/sw.js`): it shows pushed notices and keeps the app's page and files
 * for a page opened without a network. Registered where those are wanted (the parent's pages).
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    // The files this page loaded before the worker was there: kept now, or the first page opened
    // offline would find the page without its scripts (the worker keeps those loaded after it).
    .then(() => caches.open(SHELL))
    .then((cache) =>
      cache.addAll([
        // Under the key the worker keeps this page by (web/public/sw.js): the family's or the staff app's.
        isFamilyPage(location.pathname) ? FAMILY_PAGES[0] : '/',
        ...performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name))
          .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
          .map((u) => u.pathname),
      ]),
    )
    .catch(() => {
      /* a browser that refuses works as without it */
    });
}

/** The service worker's cache of the app's page and files (web/public/sw.js `SHELL`). */
const SHELL = 'tamaq-shell-v2';
