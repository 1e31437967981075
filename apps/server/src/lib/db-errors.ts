// Recognises unique-constraint violations on both databases so services can answer 409 instead of 500.
export function isUniqueViolation(error: unknown, hint?: string): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as { code?: string; message?: string; constraint?: string; detail?: string };
  const unique =
    e.code === "23505" || e.code === "SQLITE_CONSTRAINT_UNIQUE" || e.code === "SQLITE_CONSTRAINT_PRIMARYKEY";
  if (!unique) return false;
  if (!hint) return true;
  return [e.message, e.constraint, e.detail].some((s) => typeof s === "string" && s.includes(hint));
}

/** A foreign-key violation (the referenced row vanished under a concurrent delete) on both databases. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const code = (error as { code?: string }).code;
  return code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}

// The database is down, restarting, failing over, refusing connections or closed ours: PostgreSQL's connection
// exceptions (class 08), operator intervention (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect
// now), too many connections (53300) and a write sent to a hot standby (25006); node-postgres' own errors for a
// connection that broke or never opened.
const UNAVAILABLE_CODES = new Set(["57P01", "57P02", "57P03", "53300", "25006", "ECONNREFUSED", "ECONNRESET"]);
const UNAVAILABLE_NODE_CODES = new Set(["ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "timeout exceeded when trying to connect",
  "Client was closed and is not queryable",
  "Connection ended unexpectedly",
];

/** Whether `error` means the database cannot be reached right now (API.md §2.3: 503 DATABASE_UNAVAILABLE). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof e.code === "string") {
    if (e.code.startsWith("08") && e.code.length === 5) return true;
    if (UNAVAILABLE_CODES.has(e.code) || UNAVAILABLE_NODE_CODES.has(e.code)) return true;
  }
  if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.some((m) => (e.message as string).includes(m))) {
    return true;
  }
  // A connect to a host with several addresses (localhost: ::1 and 127.0.0.1) fails with an AggregateError.
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isDatabaseUnavailable);
}
