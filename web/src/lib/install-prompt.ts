/**
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`): fired once, early, on any
 * page that links the manifest, so it is caught from the first script and kept until the parent's
 * page asks for it. Caught, the browser shows no bar of its own (staff screens stay as they were).
 */
export interface InstallPrompt extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let kept: InstallPrompt | null = null;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

export function catchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    kept = e as InstallPrompt;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    kept = null;
    changed();
  });
}

/** What the page may offer now: to install, that it is installed, or neither (the browser's own way). */
export function installState(): 'offer' | 'installed' | 'standalone' | 'none' {
  if (window.matchMedia?.('(display-mode: standalone)').matches) return 'standalone';
  if (installed) return 'installed';
  return kept ? 'offer' : 'none';
}

export function onInstallChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install question; true when the person accepted. */
export async function askToInstall(): Promise<boolean> {
  const prompt = kept;
  if (!prompt) return false;
  kept = null;
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  if (outcome === 'accepted') installed = true;
  changed();
  return outcome === 'accepted';
}

/** An iPhone or iPad: Safari installs from its Share menu only, never by a page's button. */
export const isAppleMobile = (): boolean =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
