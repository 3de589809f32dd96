import type {
  ChildNotifications,
  NotificationChoicesBody,
  NotificationSettings,
  NotificationSettingsBody,
  PushDeviceBody,
  PushDevices,
  TelegramChats,
} from '@tamaq/contract/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

const key = (childId: number) => ['family', 'notifications', childId];

/** What this parent is told of the child, and by which channels it can be. */
export const useChildNotifications = (childId: number) =>
  useQuery({
    queryKey: key(childId),
    queryFn: ({ signal }) => callEndpoint('notifications', 'ofChild', { params: { id: childId } }, { signal }),
  });

/** Sets the choices; the answer is what is now on. */
export const useChooseNotifications = (childId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationChoicesBody) =>
      callEndpoint('notifications', 'choose', { params: { id: childId }, body }),
    onSuccess: (saved: ChildNotifications) => client.setQueryData(key(childId), saved),
  });
};

const settingsKey = ['family', 'notification-settings'];

/** The parent's quiet hours and digest, for all of their children. */
export const useNotificationSettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => callEndpoint('notifications', 'settings', {}, { signal }),
  });

export const useSaveNotificationSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsBody) => callEndpoint('notifications', 'saveSettings', { body }),
    onSuccess: (saved: NotificationSettings) => client.setQueryData(settingsKey, saved),
  });
};

const devicesKey = ['family', 'push-devices'];

/** The devices this parent gets notices in the browser on, and the server's key to add one. */
export const usePushDevices = () =>
  useQuery({
    queryKey: devicesKey,
    queryFn: ({ signal }) => callEndpoint('notifications', 'devices', {}, { signal }),
  });

/** A device added or removed changes which channels reach the parent: the children's lists read again. */
const afterDevices = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({ queryKey: ['family', 'notifications'] });

export const useAddPushDevice = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PushDeviceBody) => callEndpoint('notifications', 'addDevice', { body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: devicesKey });
      await afterDevices(client);
    },
  });
};

export const useRemovePushDevice = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint('notifications', 'removeDevice', { params: { id } }),
    onSuccess: async (devices: PushDevices) => {
      client.setQueryData(devicesKey, devices);
      await afterDevices(client);
    },
  });
};

const telegramKey = ['family', 'telegram'];

/** Whether the server has a Telegram bot, and the parent's chats; read often while a link is out. */
export const useTelegramChats = (waiting: boolean) =>
  useQuery({
    queryKey: telegramKey,
    queryFn: ({ signal }) => callEndpoint('notifications', 'telegram', {}, { signal }),
    refetchInterval: waiting ? 3_000 : false,
  });

export const useLinkTelegram = () =>
  useMutation({ mutationFn: () => callEndpoint('notifications', 'linkTelegram', {}) });

export const useRemoveTelegram = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint('notifications', 'removeTelegram', { params: { id } }),
    onSuccess: async (chats: TelegramChats) => {
      client.setQueryData(telegramKey, chats);
      await afterDevices(client);
    },
  });
};

/** A chat tied (seen by the list): the children's channels read again. */
export const useAfterTelegramTied = () => {
  const client = useQueryClient();
  return () => afterDevices(client);
};
