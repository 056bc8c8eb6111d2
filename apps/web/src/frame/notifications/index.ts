// The header's notifications: what the frame needs from this folder.
export { NotificationBell } from './notification-bell';
export { useNotificationChannel } from './use-notification-channel';
export { setSpeaker, type Speaker } from './speaker';
