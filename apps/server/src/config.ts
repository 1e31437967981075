// Environment parsed and validated once at boot (API.md §3.5); nothing else reads process.env.
import { randomBytes } from "node:crypto";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

// An empty variable (`PORT=` in an env file) means "not set" everywhere, never 0 or false.
const unset = (v: string | undefined) => v === undefined || v.trim() === "";

const bool = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (unset(v)) return fallback;
      const value = v!.trim().toLowerCase();
      if (["true", "1", "yes"].includes(value)) return true;
      if (["false", "0", "no"].includes(value)) return false;
      ctx.addIssue({ code: "custom", message: `must be true or false (got "${v}")` });
      return z.NEVER;
    });
const int = (fallback: number, min = 0) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (unset(v)) return fallback;
      const value = v!.trim();
      if (!/^[0-9]{1,15}$/.test(value) || Number(value) < min) {
        ctx.addIssue({ code: "custom", message: `must be a whole number of at least ${min} (got "${v}")` });
        return z.NEVER;
      }
      return Number(value);
    });
const optionalString = z
  .string()
  .optional()
  .transform((v) => (unset(v) ? undefined : v!.trim()));
const withDefault = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) => (unset(v) ? fallback : v!.trim()));

const providerSchema = (prefix: "KAKAO" | "GOOGLE", defaults: { authorize: string; token: string; userinfo: string }) =>
  z.object({
    [`${prefix}_CLIENT_ID`]: optionalString,
    [`${prefix}_CLIENT_SECRET`]: optionalString,
    [`${prefix}_REDIRECT_URI`]: optionalString,
    [`${prefix}_AUTHORIZE_URL`]: withDefault(defaults.authorize).pipe(z.url()),
    [`${prefix}_TOKEN_URL`]: withDefault(defaults.token).pipe(z.url()),
    [`${prefix}_USERINFO_URL`]: withDefault(defaults.userinfo).pipe(z.url()),
  });

const EnvSchema = z
  .object({
    NODE_ENV: withDefault("development").pipe(z.enum(["development", "production", "test"])),
    PORT: int(3000, 0),
    HOST: withDefault("0.0.0.0"),
    DATABASE_URL: withDefault("sqlite:./var/moviepedia.db"),
    REDIS_URL: optionalString,
    REDIS_KEY_PREFIX: withDefault("moviepedia:"),
    SEED_DEMO: optionalString.pipe(z.enum(["true", "false", "1", "0", "yes", "no"]).optional()),
    PUBLIC_ORIGIN: optionalString,
    JWT_SECRET: optionalString,
    ACCESS_TOKEN_TTL_MINUTES: int(30, 1),
    REFRESH_TOKEN_TTL_DAYS: int(14, 1),
    REFRESH_REUSE_GRACE_SECONDS: int(30, 0),
    COOKIE_SECURE: withDefault("auto").pipe(z.enum(["auto", "true", "false"])),
    TRUST_PROXY: optionalString,
    CORS_ORIGINS: optionalString,
    KAKAO_PKCE: bool(true),
    RATE_LIMIT_SIGNIN_FAILURES: int(10),
    RATE_LIMIT_SIGNIN_FAILURES_PER_IP: int(50),
    RATE_LIMIT_SIGNIN_FAILURES_PER_LOGIN_ID: int(30),
    RATE_LIMIT_SIGNIN_PER_IP: int(100),
    RATE_LIMIT_SIGNUP_PER_HOUR: int(100),
    RATE_LIMIT_OAUTH_PER_10MIN: int(60),
    RATE_LIMIT_CREATES_PER_MIN: int(30),
    RATE_LIMIT_TOGGLES_PER_MIN: int(120),
    RATE_LIMIT_RATINGS_PER_MIN: int(300),
    RATE_LIMIT_IP_PER_MIN: int(1200),
    RECOMMENDER_RETRAIN_MIN_INTERVAL_S: int(600),
    RECOMMENDER_RETRAIN_MIN_NEW_RATINGS: int(100),
    HOT_RANKING_REFRESH_S: int(300, 1),
    NOTIFICATION_STREAMS_PER_MEMBER: int(3, 1),
    NOTIFICATION_STREAMS_MAX: int(10_000, 1),
    NOTIFICATION_STREAM_HEARTBEAT_S: int(25, 1),
    NOTIFICATION_STREAM_IDLE_TIMEOUT_S: int(1800, 1),
    NOTIFICATION_RETENTION_DAYS: int(90, 1),
    METRICS_TOKEN: optionalString,
    LOG_LEVEL: optionalString.pipe(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional()),
    WEB_DIST: optionalString,
    READ_ONLY: bool(false),
    SESSION_MAX_DAYS: int(90, 1),
    SCRYPT_LOG_N: int(17, 10),
    REQUEST_TIMEOUT_S: int(30, 1),
    MAX_CONNECTIONS_PER_IP: int(256),
    TMDB_API_KEY: optionalString,
    TMDB_BASE_URL: withDefault("https://api.themoviedb.org/3").pipe(z.url()),
    // Unset: TMDB's own base from its /configuration (image.tmdb.org until it was asked).
    TMDB_IMAGE_BASE_URL: optionalString.pipe(z.url().optional()),
    KOBIS_API_KEY: optionalString,
    KOBIS_BASE_URL: withDefault("https://www.kobis.or.kr/kobisopenapi/webservice/rest").pipe(z.url()),
    CATALOG_SYNC_ON_START: optionalString,
    // Images (docs/media.md).
    IMAGE_CACHE: optionalString.pipe(z.enum(["on", "off"]).optional()),
    IMAGE_CACHE_MAX_MB: int(2048, 1),
    // The read cache (docs/architecture.md, "The read cache").
    CACHE_MAX_MB: int(256, 1),
    CACHE_OFF: optionalString,
    MEDIA_DIR: withDefault("./var/media"),
  })
  .and(
    providerSchema("KAKAO", {
      authorize: "https://kauth.kakao.com/oauth/authorize",
      token: "https://kauth.kakao.com/oauth/token",
      userinfo: "https://kapi.kakao.com/v2/user/me",
    }),
  )
  .and(
    providerSchema("GOOGLE", {
      authorize: "https://accounts.google.com/o/oauth2/v2/auth",
      token: "https://oauth2.googleapis.com/token",
      userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
    }),
  );

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string | undefined;
  redirectUri: string | undefined;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  pkce: boolean;
}

export type DatabaseConfig = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export interface Config {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  database: DatabaseConfig;
  redisUrl: string | undefined;
  /** Namespace of every Redis key this deployment writes (several deployments, or test runs, on one Redis). */
  redisKeyPrefix: string;
  seedDemo: boolean;
  publicOrigin: string | undefined;
  jwtSecret: Uint8Array;
  jwtSecretGenerated: boolean;
  accessTokenTtlMinutes: number;
  refreshTokenTtlDays: number;
  refreshReuseGraceSeconds: number;
  cookieSecure: "auto" | "true" | "false";
  /**
   * Which peers may tell the client's address (X-Forwarded-For, -Proto, -Host): false (none), a hop count (that
   * many proxies in front), or their addresses/CIDRs. The client is the right-most address not trusted.
   */
  trustProxy: false | number | string[];
  /** A session (refresh family) ends this many days after sign-in whatever its refreshes (API.md §3.3). */
  sessionMaxDays: number;
  /** scrypt cost as log2(N): 17 in production; tests set a smaller one to stay fast (modules/auth/passwords.ts). */
  scryptLogN: number;
  /** Whole request (headers and body) must arrive within this many seconds; headers within the same or 30 s. */
  requestTimeoutS: number;
  /** Open connections one client address may hold (0: no cap). */
  maxConnectionsPerIp: number;
  corsOrigins: string[];
  oauth: { kakao: OAuthProviderConfig | undefined; google: OAuthProviderConfig | undefined };
  rateLimits: {
    signinFailures: number;
    signinFailuresPerIp: number;
    signinFailuresPerLoginId: number;
    /** Every signin request, successful or not, per IP per 15 minutes. */
    signinPerIp: number;
    signupPerHour: number;
    oauthPer10Min: number;
    createsPerMin: number;
    togglesPerMin: number;
    /** Star, status and comment writes through PUT …/mine, and 관심없어요 marks: the 평가하기 pace. */
    ratingsPerMin: number;
    ipPerMin: number;
  };
  recommender: { retrainMinIntervalS: number; retrainMinNewRatings: number };
  hotRankingRefreshS: number;
  /** Live notification streams (modules/notifications/stream.ts) and how long notifications are kept. */
  notifications: {
    streamsPerMember: number;
    streamsMax: number;
    heartbeatS: number;
    idleTimeoutS: number;
    retentionDays: number;
  };
  /** The read cache's overall byte budget (src/cache), split among its regions. */
  cacheMaxBytes: number;
  /** Read-cache regions switched off (CACHE_OFF: names or "all"), to measure what they buy. */
  cacheOff: readonly string[];
  metricsToken: string | undefined;
  logLevel: string;
  webDist: string;
  /**
   * A read-only instance (PostgreSQL hot standby): no migrations, seed, index build or write jobs at boot, and every
   * /api request other than GET/HEAD/OPTIONS answers 503 (http/read-only.ts).
   */
  readOnly: boolean;
  /**
   * Real films (docs/catalog-sync.md). `tmdb`/`kobis` are undefined without their keys: then nothing ever contacts
   * those services (the demo path). `syncOnStart`: films to fetch into a catalog that holds only the seed (0 = off).
   */
  catalog: {
    tmdb: { apiKey: string; baseUrl: string } | undefined;
    /** TMDB_IMAGE_BASE_URL when set: it wins over the base TMDB's /configuration names (lib/media-urls.ts). */
    tmdbImageBaseUrl: string | undefined;
    kobis: { apiKey: string; baseUrl: string } | undefined;
    syncOnStart: number;
  };
  media: MediaConfig;
}

export interface MediaConfig {
  /** Uploaded avatars (`avatars/`) and the image cache (`cache/`) live here. */
  dir: string;
  /** Serve TMDB images from this origin (`/media/cache/…`), fetched once and re-encoded as WebP. */
  imageCache: boolean;
  /** Disk budget of the image cache; the least recently used files are evicted beyond it. */
  imageCacheMaxBytes: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

export function parseDatabaseUrl(url: string): DatabaseConfig {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) return { kind: "postgres", url };
  if (url.startsWith("sqlite:")) {
    const file = url.slice("sqlite:".length);
    if (file === ":memory:") return { kind: "sqlite", file };
    if (file === "") throw new ConfigError(["DATABASE_URL: sqlite: needs a file path"]);
    return { kind: "sqlite", file: path.resolve(REPO_ROOT, file) };
  }
  throw new ConfigError(["DATABASE_URL: must start with sqlite: or postgres://"]);
}

function databaseProblem(url: string): string | null {
  try {
    parseDatabaseUrl(url);
    return null;
  } catch (error) {
    return error instanceof ConfigError ? error.problems.join("; ") : String(error);
  }
}

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrCidr(value: string): boolean {
  if (PROXY_NAMES.has(value)) return true;
  const [address = "", prefix, ...rest] = value.split("/");
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: false, a hop count, or proxy addresses/CIDRs; `true` (trust anything) is refused. */
function trustProxy(raw: string | undefined, problems: string[]): Config["trustProxy"] {
  if (raw === undefined) return false;
  const value = raw.toLowerCase();
  if (["false", "no", "0"].includes(value)) return false;
  if (/^[0-9]{1,3}$/.test(value)) return Number(value);
  if (["true", "yes"].includes(value)) {
    problems.push(
      `TRUST_PROXY: "${raw}" would believe any X-Forwarded-For, so clients could pick their own address and escape ` +
        "every per-IP limit; set the number of proxies in front of the server (e.g. TRUST_PROXY=1 behind one load " +
        "balancer) or their addresses/CIDRs (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16)",
    );
    return false;
  }
  const list = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((entry) => !isAddressOrCidr(entry.toLowerCase()));
  if (list.length === 0 || bad.length > 0) {
    problems.push(
      `TRUST_PROXY: must be false, a number of proxies (e.g. 1) or proxy addresses/CIDRs (e.g. 10.0.0.5,10.1.0.0/16); ` +
        `not understood: "${bad.join(",") || raw}"`,
    );
    return false;
  }
  return list.map((entry) => (PROXY_NAMES.has(entry.toLowerCase()) ? entry.toLowerCase() : entry));
}

function corsOrigins(raw: string | undefined, problems: string[]): string[] {
  const origins = (raw ?? "")
    .split(",")
    .map((s) => s.trim().replace(/\/+$/, ""))
    .filter(Boolean);
  for (const origin of origins) {
    if (!/^https?:\/\/[^/?#\s]+$/.test(origin)) {
      problems.push(`CORS_ORIGINS: "${origin}" is not an origin like https://example.com`);
    }
  }
  return origins;
}

/** Parses the environment once; every problem found is reported together (ConfigError.problems). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    const dbProblem = env.DATABASE_URL?.trim() ? databaseProblem(env.DATABASE_URL.trim()) : null;
    if (dbProblem) problems.push(dbProblem);
    trustProxy(unset(env.TRUST_PROXY) ? undefined : env.TRUST_PROXY!.trim(), problems);
    throw new ConfigError(problems);
  }
  const e = parsed.data as z.infer<typeof EnvSchema> & Record<string, string | undefined>;
  const problems: string[] = [];
  const dbProblem = databaseProblem(e.DATABASE_URL);
  if (dbProblem) problems.push(dbProblem);
  const database: DatabaseConfig = dbProblem ? { kind: "sqlite", file: ":memory:" } : parseDatabaseUrl(e.DATABASE_URL);
  const secretRequired = e.NODE_ENV === "production" || database.kind === "postgres";
  let jwtSecretGenerated = false;
  let jwtSecret: Uint8Array;
  if (e.JWT_SECRET) {
    if (Buffer.byteLength(e.JWT_SECRET) < 32) problems.push("JWT_SECRET: must be at least 32 bytes");
    jwtSecret = new TextEncoder().encode(e.JWT_SECRET);
  } else {
    if (secretRequired) problems.push("JWT_SECRET: required in production and with PostgreSQL (at least 32 bytes)");
    jwtSecret = randomBytes(32);
    jwtSecretGenerated = true;
  }
  if (e.READ_ONLY && database.kind !== "postgres" && !dbProblem) {
    problems.push(
      "READ_ONLY: needs PostgreSQL (a replica of the primary's DATABASE_URL); SQLite has no read-only replicas",
    );
  }
  const cors = corsOrigins(e.CORS_ORIGINS, problems);
  const proxies = trustProxy(e.TRUST_PROXY, problems);
  if (e.SCRYPT_LOG_N > 20) problems.push(`SCRYPT_LOG_N: must be between 10 and 20 (got ${e.SCRYPT_LOG_N})`);
  if (e.PUBLIC_ORIGIN && !/^https?:\/\/[^/?#\s]+\/*$/.test(e.PUBLIC_ORIGIN)) {
    problems.push(`PUBLIC_ORIGIN: "${e.PUBLIC_ORIGIN}" is not an origin like https://example.com`);
  }
  let syncOnStart = e.TMDB_API_KEY ? 300 : 0;
  if (e.CATALOG_SYNC_ON_START !== undefined) {
    if (!/^[0-9]{1,6}$/.test(e.CATALOG_SYNC_ON_START)) {
      problems.push(`CATALOG_SYNC_ON_START: must be a whole number of films (got "${e.CATALOG_SYNC_ON_START}")`);
    } else if (!e.TMDB_API_KEY && Number(e.CATALOG_SYNC_ON_START) > 0) {
      problems.push("CATALOG_SYNC_ON_START: needs TMDB_API_KEY");
    } else {
      syncOnStart = Number(e.CATALOG_SYNC_ON_START);
    }
  }
  if (problems.length) throw new ConfigError(problems);
  const provider = (prefix: "KAKAO" | "GOOGLE", pkce: boolean): OAuthProviderConfig | undefined => {
    const clientId = e[`${prefix}_CLIENT_ID`];
    if (!clientId) return undefined;
    return {
      clientId,
      clientSecret: e[`${prefix}_CLIENT_SECRET`],
      redirectUri: e[`${prefix}_REDIRECT_URI`],
      authorizeUrl: e[`${prefix}_AUTHORIZE_URL`]!,
      tokenUrl: e[`${prefix}_TOKEN_URL`]!,
      userinfoUrl: e[`${prefix}_USERINFO_URL`]!,
      pkce,
    };
  };
  const config: Config = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    seedDemo: e.SEED_DEMO === undefined ? e.NODE_ENV !== "production" : ["true", "1", "yes"].includes(e.SEED_DEMO),
    publicOrigin: e.PUBLIC_ORIGIN?.replace(/\/+$/, ""),
    jwtSecret,
    jwtSecretGenerated,
    accessTokenTtlMinutes: e.ACCESS_TOKEN_TTL_MINUTES,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: proxies,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    scryptLogN: e.SCRYPT_LOG_N,
    requestTimeoutS: e.REQUEST_TIMEOUT_S,
    maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    corsOrigins: cors,
    oauth: { kakao: provider("KAKAO", e.KAKAO_PKCE), google: provider("GOOGLE", true) },
    rateLimits: {
      signinFailures: e.RATE_LIMIT_SIGNIN_FAILURES,
      signinFailuresPerIp: e.RATE_LIMIT_SIGNIN_FAILURES_PER_IP,
      signinFailuresPerLoginId: e.RATE_LIMIT_SIGNIN_FAILURES_PER_LOGIN_ID,
      signinPerIp: e.RATE_LIMIT_SIGNIN_PER_IP,
      signupPerHour: e.RATE_LIMIT_SIGNUP_PER_HOUR,
      oauthPer10Min: e.RATE_LIMIT_OAUTH_PER_10MIN,
      createsPerMin: e.RATE_LIMIT_CREATES_PER_MIN,
      togglesPerMin: e.RATE_LIMIT_TOGGLES_PER_MIN,
      ratingsPerMin: e.RATE_LIMIT_RATINGS_PER_MIN,
      ipPerMin: e.RATE_LIMIT_IP_PER_MIN,
    },
    recommender: {
      retrainMinIntervalS: e.RECOMMENDER_RETRAIN_MIN_INTERVAL_S,
      retrainMinNewRatings: e.RECOMMENDER_RETRAIN_MIN_NEW_RATINGS,
    },
    hotRankingRefreshS: e.HOT_RANKING_REFRESH_S,
    notifications: {
      streamsPerMember: e.NOTIFICATION_STREAMS_PER_MEMBER,
      streamsMax: e.NOTIFICATION_STREAMS_MAX,
      heartbeatS: e.NOTIFICATION_STREAM_HEARTBEAT_S,
      idleTimeoutS: e.NOTIFICATION_STREAM_IDLE_TIMEOUT_S,
      retentionDays: e.NOTIFICATION_RETENTION_DAYS,
    },
    cacheMaxBytes: e.CACHE_MAX_MB * 1024 * 1024,
    cacheOff: (e.CACHE_OFF ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean),
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    webDist: e.WEB_DIST ? path.resolve(REPO_ROOT, e.WEB_DIST) : path.join(REPO_ROOT, "apps/web/dist"),
    readOnly: e.READ_ONLY,
    catalog: {
      tmdb: e.TMDB_API_KEY ? { apiKey: e.TMDB_API_KEY, baseUrl: e.TMDB_BASE_URL.replace(/\/+$/, "") } : undefined,
      tmdbImageBaseUrl: e.TMDB_IMAGE_BASE_URL?.replace(/\/+$/, ""),
      kobis: e.KOBIS_API_KEY ? { apiKey: e.KOBIS_API_KEY, baseUrl: e.KOBIS_BASE_URL.replace(/\/+$/, "") } : undefined,
      syncOnStart,
    },
    media: {
      dir: path.resolve(REPO_ROOT, e.MEDIA_DIR),
      imageCache: e.IMAGE_CACHE === undefined ? e.TMDB_API_KEY !== undefined : e.IMAGE_CACHE === "on",
      imageCacheMaxBytes: e.IMAGE_CACHE_MAX_MB * 1024 * 1024,
    },
  };
  return Object.freeze(config);
}
