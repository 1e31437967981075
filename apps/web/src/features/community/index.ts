// Public face of the community feature (issue #21): 소식 and 알림 pages, the header bell, the live stream hook and the
// home's feed preview.
export const communityPages = {
  feed: () => import("./pages/feed-page"),
  notifications: () => import("./pages/notifications-page"),
};

export { NotificationBell } from "./components/notification-bell";
export { useLiveNotifications } from "./hooks/use-live-notifications";
export { FeedPreview } from "./components/feed-preview";
export { fetchFeedWindow } from "./api/community-api";
