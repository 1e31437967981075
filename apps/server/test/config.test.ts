// loadConfig (API.md §3.5): defaults, JWT_SECRET rules, DATABASE_URL resolution, SEED_DEMO, limits, readable errors.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, REPO_ROOT } from "../src/config.js";

const SECRET = "s".repeat(32);
const load = (env: Record<string, string>) => loadConfig(env as NodeJS.ProcessEnv);

function problemsOf(env: Record<string, string>): string[] {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}

describe("defaults", () => {
  it("matches API.md §3.5 with an empty environment", () => {
    const config = load({});
    expect(config).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      database: { kind: "sqlite", file: path.join(REPO_ROOT, "var/moviepedia.db") },
      redisUrl: undefined,
      redisKeyPrefix: "moviepedia:",
      seedDemo: true,
      accessTokenTtlMinutes: 30,
      refreshTokenTtlDays: 14,
      refreshReuseGraceSeconds: 30,
      cookieSecure: "auto",
      trustProxy: false,
      corsOrigins: [],
      metricsToken: undefined,
      oauth: { kakao: undefined, google: undefined },
      rateLimits: {
        signinFailures: 10,
        signinFailuresPerIp: 50,
        signinFailuresPerLoginId: 30,
        signupPerHour: 100,
        oauthPer10Min: 60,
        createsPerMin: 30,
        togglesPerMin: 120,
        ratingsPerMin: 300,
        ipPerMin: 1200,
      },
      recommender: { retrainMinIntervalS: 600, retrainMinNewRatings: 100 },
      hotRankingRefreshS: 300,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it("treats empty variables as unset", () => {
    const config = load({ PORT: "", RATE_LIMIT_IP_PER_MIN: " ", TRUST_PROXY: "", DATABASE_URL: "", COOKIE_SECURE: "" });
    expect(config.port).toBe(3000);
    expect(config.rateLimits.ipPerMin).toBe(1200);
    expect(config.trustProxy).toBe(false);
    expect(config.cookieSecure).toBe("auto");
    expect(config.database).toEqual({ kind: "sqlite", file: path.join(REPO_ROOT, "var/moviepedia.db") });
  });
});

describe("JWT_SECRET", () => {
  it("must be at least 32 bytes when set, counted in bytes", () => {
    expect(problemsOf({ JWT_SECRET: "s".repeat(31) })).toEqual([expect.stringMatching(/^JWT_SECRET: .*32 bytes/)]);
    expect(Buffer.from(load({ JWT_SECRET: SECRET }).jwtSecret).toString()).toBe(SECRET);
    // 11 Hangul syllables are 33 bytes in UTF-8.
    expect(load({ JWT_SECRET: "가".repeat(11) }).jwtSecretGenerated).toBe(false);
    expect(problemsOf({ JWT_SECRET: "가".repeat(10) })[0]).toMatch(/^JWT_SECRET/);
  });

  it("is required in production and with PostgreSQL, random per boot otherwise", () => {
    expect(problemsOf({ NODE_ENV: "production" })).toEqual([expect.stringMatching(/^JWT_SECRET: required/)]);
    expect(problemsOf({ DATABASE_URL: "postgres://u@localhost/db" })).toEqual([
      expect.stringMatching(/^JWT_SECRET: required/),
    ]);
    expect(problemsOf({ DATABASE_URL: "postgresql://u@localhost/db" })).toHaveLength(1);
    const a = load({});
    const b = load({});
    expect(a.jwtSecretGenerated).toBe(true);
    expect(a.jwtSecret.byteLength).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(a.jwtSecret).equals(Buffer.from(b.jwtSecret))).toBe(false);
    expect(load({ NODE_ENV: "production", JWT_SECRET: SECRET }).jwtSecretGenerated).toBe(false);
  });
});

describe("DATABASE_URL", () => {
  it("resolves relative sqlite: paths from the repository root", () => {
    expect(load({ DATABASE_URL: "sqlite:./var/other.db" }).database).toEqual({
      kind: "sqlite",
      file: path.join(REPO_ROOT, "var/other.db"),
    });
    expect(load({ DATABASE_URL: "sqlite:data/x.db" }).database).toEqual({
      kind: "sqlite",
      file: path.join(REPO_ROOT, "data/x.db"),
    });
    expect(load({ DATABASE_URL: "sqlite:/tmp/abs.db" }).database).toEqual({ kind: "sqlite", file: "/tmp/abs.db" });
    expect(load({ DATABASE_URL: "sqlite::memory:" }).database).toEqual({ kind: "sqlite", file: ":memory:" });
    expect(REPO_ROOT).toBe(path.resolve(import.meta.dirname, "../../.."));
  });

  it("takes postgres URLs as they are and refuses anything else", () => {
    const url = "postgres://postgres@127.0.0.1:5432/test";
    expect(load({ DATABASE_URL: url, JWT_SECRET: SECRET }).database).toEqual({ kind: "postgres", url });
    expect(problemsOf({ DATABASE_URL: "mysql://x" })).toEqual([expect.stringMatching(/^DATABASE_URL: /)]);
    expect(problemsOf({ DATABASE_URL: "sqlite:" })).toEqual([expect.stringMatching(/^DATABASE_URL: /)]);
  });
});

describe("SEED_DEMO", () => {
  it("defaults to true, and to false in production", () => {
    expect(load({}).seedDemo).toBe(true);
    expect(load({ NODE_ENV: "test" }).seedDemo).toBe(true);
    expect(load({ NODE_ENV: "production", JWT_SECRET: SECRET }).seedDemo).toBe(false);
    expect(load({ NODE_ENV: "production", JWT_SECRET: SECRET, SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(load({ SEED_DEMO: "false" }).seedDemo).toBe(false);
    expect(load({ SEED_DEMO: "0" }).seedDemo).toBe(false);
    expect(problemsOf({ SEED_DEMO: "maybe" })[0]).toMatch(/^SEED_DEMO: /);
  });
});

describe("numbers, flags and lists", () => {
  it("parses every limit, with 0 allowed (it disables the limit)", () => {
    const config = load({
      RATE_LIMIT_SIGNIN_FAILURES: "3",
      RATE_LIMIT_SIGNIN_FAILURES_PER_IP: "0",
      RATE_LIMIT_SIGNIN_FAILURES_PER_LOGIN_ID: "7",
      RATE_LIMIT_SIGNIN_PER_IP: "8",
      RATE_LIMIT_SIGNUP_PER_HOUR: "5",
      RATE_LIMIT_OAUTH_PER_10MIN: "6",
      RATE_LIMIT_CREATES_PER_MIN: "0",
      RATE_LIMIT_TOGGLES_PER_MIN: "9",
      RATE_LIMIT_RATINGS_PER_MIN: "11",
      RATE_LIMIT_IP_PER_MIN: " 1000 ",
      ACCESS_TOKEN_TTL_MINUTES: "5",
      REFRESH_TOKEN_TTL_DAYS: "2",
      REFRESH_REUSE_GRACE_SECONDS: "0",
    });
    expect(config.rateLimits).toEqual({
      signinFailures: 3,
      signinFailuresPerIp: 0,
      signinFailuresPerLoginId: 7,
      signinPerIp: 8,
      signupPerHour: 5,
      oauthPer10Min: 6,
      createsPerMin: 0,
      togglesPerMin: 9,
      ratingsPerMin: 11,
      ipPerMin: 1000,
    });
    expect([config.accessTokenTtlMinutes, config.refreshTokenTtlDays, config.refreshReuseGraceSeconds]).toEqual([
      5, 2, 0,
    ]);
  });

  it("lists every bad value in one readable error", () => {
    const env = {
      PORT: "http",
      RATE_LIMIT_SIGNUP_PER_HOUR: "-1",
      RATE_LIMIT_IP_PER_MIN: "1.5",
      ACCESS_TOKEN_TTL_MINUTES: "0",
      TRUST_PROXY: "perhaps",
      COOKIE_SECURE: "always",
      NODE_ENV: "staging",
    };
    const problems = problemsOf(env);
    for (const name of Object.keys(env))
      expect(
        problems.some((p) => p.startsWith(`${name}: `)),
        name,
      ).toBe(true);
    expect(problems).toHaveLength(Object.keys(env).length);
    let message = "";
    try {
      load(env);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split("\n")[0]).toBe("Invalid configuration:");
    expect(message).toContain('  - RATE_LIMIT_SIGNUP_PER_HOUR: must be a whole number of at least 0 (got "-1")');
  });

  it("reports the secret, database and origin problems together", () => {
    const problems = problemsOf({ NODE_ENV: "production", CORS_ORIGINS: "not-an-origin", DATABASE_URL: "mongo://x" });
    expect(problems.map((p) => p.split(":")[0]).sort()).toEqual(["CORS_ORIGINS", "DATABASE_URL", "JWT_SECRET"]);
  });

  it("reads TRUST_PROXY as a hop count or proxy addresses, and refuses `true` with what to set", () => {
    expect(load({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(load({ TRUST_PROXY: "10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback" }).trustProxy).toEqual([
      "10.0.0.5",
      "10.1.0.0/16",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
    for (const v of ["true", "TRUE", "yes"]) {
      const [problem] = problemsOf({ TRUST_PROXY: v });
      expect(problem).toMatch(/^TRUST_PROXY: .* would believe any X-Forwarded-For/);
      expect(problem).toContain("TRUST_PROXY=1");
      expect(problem).toContain("TRUST_PROXY=10.0.0.5,10.1.0.0/16");
    }
    for (const v of ["10.0.0.300", "10.0.0.0/33", "proxy.example", "1.2.3.4/8/9", "-1"]) {
      expect(problemsOf({ TRUST_PROXY: v })[0], v).toMatch(/^TRUST_PROXY: must be false, a number of proxies/);
    }
  });

  it("reads the hardening settings (issue #22) with production defaults", () => {
    expect(load({})).toMatchObject({
      sessionMaxDays: 90,
      scryptLogN: 17,
      requestTimeoutS: 30,
      maxConnectionsPerIp: 256,
      rateLimits: { signinPerIp: 100 },
    });
    expect(load({ SESSION_MAX_DAYS: "7", SCRYPT_LOG_N: "14" })).toMatchObject({ sessionMaxDays: 7, scryptLogN: 14 });
    expect(problemsOf({ SCRYPT_LOG_N: "21" })[0]).toMatch(/^SCRYPT_LOG_N: must be between 10 and 20/);
    expect(problemsOf({ SCRYPT_LOG_N: "9" })[0]).toMatch(/^SCRYPT_LOG_N: /);
    expect(problemsOf({ SESSION_MAX_DAYS: "0" })[0]).toMatch(/^SESSION_MAX_DAYS: /);
  });

  it("reads flags and CORS origins", () => {
    for (const v of ["false", "0", "no"]) expect(load({ TRUST_PROXY: v }).trustProxy).toBe(false);
    expect(load({ COOKIE_SECURE: "true" }).cookieSecure).toBe("true");
    expect(load({ CORS_ORIGINS: "https://a.example, http://localhost:5173/ ,," }).corsOrigins).toEqual([
      "https://a.example",
      "http://localhost:5173",
    ]);
    expect(problemsOf({ CORS_ORIGINS: "https://a.example/path" })[0]).toMatch(/^CORS_ORIGINS: /);
    expect(load({ METRICS_TOKEN: "  tok  " }).metricsToken).toBe("tok");
    expect(load({ PUBLIC_ORIGIN: "https://moviepedia.example/" }).publicOrigin).toBe("https://moviepedia.example");
  });

  it("configures a social provider only when its client id is set", () => {
    const config = load({ GOOGLE_CLIENT_ID: "gid", GOOGLE_TOKEN_URL: "http://127.0.0.1:9/token" });
    expect(config.oauth.kakao).toBeUndefined();
    expect(config.oauth.google).toMatchObject({
      clientId: "gid",
      tokenUrl: "http://127.0.0.1:9/token",
      authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
      pkce: true,
    });
    // Kakao uses PKCE unless KAKAO_PKCE=false (revision 2: the default was false).
    expect(load({ KAKAO_CLIENT_ID: "kid" }).oauth.kakao?.pkce).toBe(true);
    expect(load({ KAKAO_CLIENT_ID: "kid", KAKAO_PKCE: "true" }).oauth.kakao?.pkce).toBe(true);
    expect(load({ KAKAO_CLIENT_ID: "kid", KAKAO_PKCE: "false" }).oauth.kakao?.pkce).toBe(false);
    expect(problemsOf({ KAKAO_TOKEN_URL: "not a url" })[0]).toMatch(/^KAKAO_TOKEN_URL: /);
  });
});

describe("READ_ONLY", () => {
  it("is off by default and needs PostgreSQL when on", () => {
    expect(load({}).readOnly).toBe(false);
    const pg = { DATABASE_URL: "postgres://replica.example:5432/moviepedia", JWT_SECRET: SECRET };
    expect(load({ ...pg, READ_ONLY: "true" }).readOnly).toBe(true);
    expect(load({ ...pg, READ_ONLY: "false" }).readOnly).toBe(false);
    expect(problemsOf({ READ_ONLY: "true" })).toEqual([
      "READ_ONLY: needs PostgreSQL (a replica of the primary's DATABASE_URL); SQLite has no read-only replicas",
    ]);
    expect(problemsOf({ DATABASE_URL: "sqlite::memory:", READ_ONLY: "1" })[0]).toMatch(/^READ_ONLY: needs PostgreSQL/);
    expect(problemsOf({ ...pg, READ_ONLY: "replica" })[0]).toMatch(/^READ_ONLY: must be true or false/);
  });
});

describe("media (docs/media.md)", () => {
  it("keeps files under ./var/media and turns the image cache on with a TMDB key unless told otherwise", () => {
    expect(load({}).media).toEqual({
      dir: path.join(REPO_ROOT, "var/media"),
      imageCache: false,
      imageCacheMaxBytes: 2048 * 1024 * 1024,
    });
    expect(load({ TMDB_API_KEY: "k" }).media.imageCache).toBe(true);
    expect(load({ TMDB_API_KEY: "k", IMAGE_CACHE: "off" }).media.imageCache).toBe(false);
    expect(load({ IMAGE_CACHE: "on", IMAGE_CACHE_MAX_MB: "10", MEDIA_DIR: "/srv/media" }).media).toMatchObject({
      dir: "/srv/media",
      imageCache: true,
      imageCacheMaxBytes: 10 * 1024 * 1024,
    });
  });

  it("refuses an unknown IMAGE_CACHE value, a zero budget and a TMDB_IMAGE_BASE_URL that is no URL", () => {
    const problems = problemsOf({ IMAGE_CACHE: "yes", IMAGE_CACHE_MAX_MB: "0", TMDB_IMAGE_BASE_URL: "not a url" });
    expect(problems.join("\n")).toMatch(/IMAGE_CACHE/);
    expect(problems.join("\n")).toMatch(/IMAGE_CACHE_MAX_MB/);
    expect(problems.join("\n")).toMatch(/TMDB_IMAGE_BASE_URL/);
  });
});
