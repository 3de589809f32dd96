/**
 * This browser's side of notices in the browser (Web Push): the app's service worker (`/sw.js`, which
 * shows what the server pushes) and its push subscription.
 */

/** Why this browser cannot take notices, or null when it can. */
export function pushUnsupported(): 'unsupported' | 'insecure' | null {
  if (typeof window === 'undefined') return 'unsupported';
  if (!window.isSecureContext) return 'insecure';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return null;
}

/** The permission the person gave this site: 'default' (not asked yet), 'granted' or 'denied'. */
export const permission = (): NotificationPermission =>
  typeof Notification === 'undefined' ? 'denied' : Notification.permission;

/** The service worker's registration (registered now if it is not yet). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's subscription now, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushUnsupported()) return null;
  const existing = await navigator.serviceWorker.getRegistration('/');
  return existing ? existing.pushManager.getSubscription() : null;
}

const keyBytes = (base64url: string) => {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

/**
 * Asks the person's permission and subscribes this browser with the server's key. Answers the
 * subscription as the server takes it, or the reason it could not: the person said no.
 */
export async function subscribe(
  publicKey: string,
): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } } | 'denied'> {
  const answer = await Notification.requestPermission();
  if (answer !== 'granted') return 'denied';
  const reg = await registration();
  const existing = await reg.pushManager.getSubscription();
  const same =
    existing?.options.applicationServerKey &&
    new Uint8Array(existing.options.applicationServerKey).join() === keyBytes(publicKey).join();
  // One made with another key (the server's pair replaced) would never verify: made anew.
  if (existing && !same) await existing.unsubscribe();
  const sub =
    existing && same
      ? existing
      : await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const json = sub.toJSON();
  return { endpoint: json.endpoint!, keys: { p256dh: json.keys!.p256dh!, auth: json.keys!.auth! } };
}

/** What the parent reads in the list of devices: the browser and the system («Chrome, Android»). */
export function deviceLabel(ua = navigator.userAgent): string | undefined {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /YaBrowser/.test(ua)
        ? 'Яндекс Браузер'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS/.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  // Unknown: the server names it by its push service.
  return [browser, system].filter(Boolean).join(', ') || undefined;
}
