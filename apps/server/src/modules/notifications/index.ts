// What other modules call: the write-path hooks (each inside the caller's transaction) and the service.
export {
  blocked,
  collectionCommented,
  followed,
  likeToggled,
  memberDeleting,
  replied,
  reviewHidden,
  unfollowed,
} from "./record.js";
export { createNotificationsService, type NotificationsService } from "./service.js";
export { startNotificationsCleanupJob } from "./cleanup.js";
