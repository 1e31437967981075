// The service container: each module's service built with exactly what it uses (STYLE: no god base class).
import type { Redis } from "ioredis";
import type { Config } from "./config.js";
import type { DbHandle } from "./db/connection.js";
import { createLimiter } from "./http/rate-limit.js";
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
import { createAccountDeletionService } from "./modules/users/account-deletion.js";
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
  const limiter = createLimiter(deps.rateLimitStore ?? new MemoryRateLimitStore(() => clock.now().getTime()));
  const tokens = createTokenService(config, clock);
  const auth = createAuthService({ db, config, clock, tokens, limiter });
  const users = createUsersService(db);
  const social = createSocialService({ db, clock });
  const likesLists = createLikesListsService(db);
  const accountDeletion = createAccountDeletionService({ db, auth });
  const oauth = createOAuthService({
    db,
    config,
    clock,
    auth,
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
  const feed = createFeedService({ db });
  return {
    config,
    database,
    db,
    clock,
    limiter,
    tokens,
    auth,
    users,
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
    notifications,
    notificationStreams,
    feed,
  };
}

export type Services = ReturnType<typeof createServices>;
