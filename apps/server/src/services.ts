// The service container: each module's service built with exactly what it uses (STYLE: no god base class).
import path from "node:path";
import type { Redis } from "ioredis";
import type { Config } from "./config.js";
import type { DbHandle } from "./db/connection.js";
import { createLimiter } from "./http/rate-limit.js";
import { setImageCache } from "./lib/media-urls.js";
import { MemoryRateLimitStore, type RateLimitStore } from "./lib/rate-limiter.js";
import { type Clock, systemClock } from "./lib/time.js";
import { createAuthService } from "./modules/auth/service.js";
import { createTokenService } from "./modules/auth/tokens.js";
import { createCollectionCommentsService } from "./modules/collection-comments/service.js";
import { createCollectionsService } from "./modules/collections/service.js";
import { createOAuthService } from "./modules/oauth/service.js";
import { createRepliesService } from "./modules/replies/service.js";
import { createReviewsService } from "./modules/reviews/service.js";
import { createLikesListsService } from "./modules/social/likes-lists.js";
import { createSocialService } from "./modules/social/service.js";
import { AvatarStore } from "./modules/media/avatars.js";
import { ImageCache } from "./modules/media/image-cache.js";
import { createAccountDeletionService } from "./modules/users/account-deletion.js";
import { createAvatarService } from "./modules/users/avatar.js";
import { createUsersService } from "./modules/users/service.js";
import { createMoviesService } from "./modules/movies/service.js";
import { createFeedService } from "./modules/feed/service.js";
import { createNotificationsService } from "./modules/notifications/index.js";
import { createStreamHub } from "./modules/notifications/stream.js";
import { createPeopleService } from "./modules/people/service.js";
import { indexSearchDocument } from "./modules/search/index.js";
import { createSearchService } from "./modules/search/service.js";
import { createAnalysisService } from "./modules/analysis/service.js";
import { createRecommendService } from "./modules/recommend/service.js";
import { createRatingService } from "./modules/rating/service.js";
import { TmdbClient } from "./modules/catalog-sync/index.js";
import { createImportsService } from "./modules/imports/index.js";

export interface ServiceDeps {
  config: Config;
  database: DbHandle;
  clock?: Clock;
  rateLimitStore?: RateLimitStore;
  /** REDIS_URL's client: notifications reach streams on every instance through its pub/sub. */
  redis?: Redis;
  /** Where background failures (the notification bus) are reported. */
  logError?: (error: unknown, message: string) => void;
}

export function createServices(deps: ServiceDeps) {
  const { config, database } = deps;
  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const store = deps.rateLimitStore ?? new MemoryRateLimitStore(() => clock.now().getTime());
  const limiter = createLimiter(store);
  const tokens = createTokenService(config, clock);
  const auth = createAuthService({ db, config, clock, tokens, limiter });
  setImageCache(config.media.imageCache);
  const avatarStore = new AvatarStore(path.join(config.media.dir, "avatars"));
  const imageCache = config.media.imageCache
    ? new ImageCache({
        dir: path.join(config.media.dir, "cache"),
        maxBytes: config.media.imageCacheMaxBytes,
      })
    : null;
  const users = createUsersService(db, { avatars: avatarStore });
  const avatars = createAvatarService({ db, store: avatarStore });
  const social = createSocialService({ db, clock });
  const likesLists = createLikesListsService(db);
  const accountDeletion = createAccountDeletionService({ db, auth, avatars: avatarStore });
  const oauth = createOAuthService({
    db,
    config,
    clock,
    auth,
    usedStates: store,
    onUserCreated: (trx, user) => indexSearchDocument(trx, "user", user.id, [user.username]),
  });
  const collections = createCollectionsService({ db, clock });
  const collectionComments = createCollectionCommentsService({ db, clock });
  const reviews = createReviewsService({ db, clock, dialect: database.dialect });
  const replies = createRepliesService({ db, clock, dialect: database.dialect });
  const movies = createMoviesService(db);
  const people = createPeopleService(db, clock);
  const search = createSearchService(db);
  const analysis = createAnalysisService({ db, clock });
  const recommend = createRecommendService({ db, clock });
  const rating = createRatingService({ db, clock, recommend });
  const logError = deps.logError ?? (() => undefined);
  const notifications = createNotificationsService({
    db,
    clock,
    redis: deps.redis,
    redisKeyPrefix: config.redisKeyPrefix,
    onBusError: (error) => logError(error, "notification bus error"),
  });
  const notificationStreams = createStreamHub(
    notifications,
    {
      perMember: config.notifications.streamsPerMember,
      max: config.notifications.streamsMax,
      heartbeatS: config.notifications.heartbeatS,
      idleTimeoutS: config.notifications.idleTimeoutS,
    },
    (error) => logError(error, "notification stream failed"),
  );
  const feed = createFeedService({ db, clock });
  const imports = createImportsService({
    db,
    dialect: database.dialect,
    clock,
    reviews,
    collections,
    rating,
    social,
    replies,
    collectionComments,
    tmdb: config.catalog.tmdb ? new TmdbClient(config.catalog.tmdb) : undefined,
    logError,
  });
  return {
    config,
    database,
    db,
    clock,
    limiter,
    tokens,
    auth,
    users,
    avatars,
    avatarStore,
    imageCache,
    social,
    likesLists,
    accountDeletion,
    oauth,
    collections,
    collectionComments,
    reviews,
    replies,
    movies,
    people,
    search,
    analysis,
    recommend,
    rating,
    notifications,
    notificationStreams,
    feed,
    imports,
  };
}

export type Services = ReturnType<typeof createServices>;
