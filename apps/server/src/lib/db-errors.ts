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
