// Public face of the community feature (issue #21) for other features: the header bell, the live stream hook, the
// home's feed preview and the feed's windows.
export { NotificationBell } from "./components/notification-bell";
export { useLiveNotifications } from "./hooks/use-live-notifications";
export { FeedPreview } from "./components/feed-preview";
export { fetchFeedWindow } from "./api/community-api";
