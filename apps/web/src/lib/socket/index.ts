// The socket client: the live channel and its HTTP calls.
export { createLiveChannel, parseNotification, socketUrl, type LiveChannel, type LiveChannelOptions } from './live-channel';
export { fetchSocketTicket, registerClient, registrationTags } from './message-api';
