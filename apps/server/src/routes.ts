// Every module's routes, registered on one app.
import type { App } from "./http/types.js";
import { authRoutes } from "./modules/auth/routes.js";
import { collectionCommentRoutes } from "./modules/collection-comments/routes.js";
import { collectionRoutes } from "./modules/collections/routes.js";
import { oauthRoutes } from "./modules/oauth/routes.js";
import { opsRoutes } from "./modules/ops/routes.js";
import { replyRoutes } from "./modules/replies/routes.js";
import { reviewRoutes } from "./modules/reviews/routes.js";
import { socialRoutes } from "./modules/social/routes.js";
import { avatarRoutes } from "./modules/users/avatar-routes.js";
import { accountDeletionRoutes } from "./modules/users/account-deletion-routes.js";
import { userRoutes } from "./modules/users/routes.js";
import { mediaRoutes } from "./modules/media/routes.js";
import { shareImageRoutes } from "./modules/share/routes.js";
import { movieRoutes } from "./modules/movies/routes.js";
import { peopleRoutes } from "./modules/people/routes.js";
import { searchRoutes } from "./modules/search/routes.js";
import { analysisRoutes } from "./modules/analysis/routes.js";
import { recommendRoutes } from "./modules/recommend/routes.js";
import { ratingRoutes } from "./modules/rating/routes.js";
import { feedRoutes } from "./modules/feed/routes.js";
import { notificationRoutes } from "./modules/notifications/routes.js";
import type { Services } from "./services.js";

export function registerRoutes(app: App, s: Services): void {
  opsRoutes(app, s.db, s.config);
  authRoutes(app, s.auth, s.config);
  userRoutes(app, s.users, s.config);
  avatarRoutes(app, s.avatars);
  socialRoutes(app, { social: s.social, likes: s.likesLists, auth: s.auth });
  accountDeletionRoutes(app, s.accountDeletion, s.config);
  oauthRoutes(app, s.oauth, s.config);
  collectionRoutes(app, s.collections);
  collectionCommentRoutes(app, s.collectionComments);
  reviewRoutes(app, s.reviews);
  replyRoutes(app, s.replies);
  movieRoutes(app, s.movies);
  peopleRoutes(app, s.people);
  mediaRoutes(app, { db: s.db, imageCache: s.imageCache, avatars: s.avatarStore });
  shareImageRoutes(app, s.db);
  searchRoutes(app, s.search);
  analysisRoutes(app, s.analysis);
  recommendRoutes(app, s.recommend);
  ratingRoutes(app, s.rating);
  notificationRoutes(app, { notifications: s.notifications, hub: s.notificationStreams, auth: s.auth });
  feedRoutes(app, s.feed);
}
