// Movie.watch_providers [EXT] (API.md §4.14, null when unknown): where a film can be watched in Korea, from TMDB's
// JustWatch data. Read tolerantly: a missing or malformed group is an empty one, a provider without a name is skipped.

export interface WatchProvider {
  id: number;
  name: string;
  /** A logo on TMDB's host or this origin's image cache; null when TMDB has none. */
  logoUrl: string | null;
}

export interface WatchProviderGroups {
  /** TMDB's page for the film's offers (JustWatch links from there), or null. */
  link: string | null;
  flatrate: WatchProvider[];
  buy: WatchProvider[];
  rent: WatchProvider[];
}

export const WATCH_GROUPS = ["flatrate", "rent", "buy"] as const;

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function provider(value: unknown): WatchProvider | null {
  const item = record(value);
  if (!item) return null;
  const name = item.name ?? item.provider_name;
  const id = item.id ?? item.provider_id;
  const logo = item.logo_url;
  if (typeof name !== "string" || name.trim() === "" || typeof id !== "number") return null;
  return { id, name, logoUrl: typeof logo === "string" && /^(https:\/\/|\/)/.test(logo) ? logo : null };
}

function group(value: unknown): WatchProvider[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  return value.flatMap((item) => {
    const found = provider(item);
    if (!found || seen.has(found.id)) return [];
    seen.add(found.id);
    return [found];
  });
}

/** The movie's groups, or null when it has no provider at all (the section is then hidden). */
export function watchProvidersOf(movie: object): WatchProviderGroups | null {
  const raw = record((movie as { watch_providers?: unknown }).watch_providers);
  if (!raw) return null;
  const link = typeof raw.link === "string" && /^https:\/\//.test(raw.link) ? raw.link : null;
  const groups: WatchProviderGroups = {
    link,
    flatrate: group(raw.flatrate),
    buy: group(raw.buy),
    rent: group(raw.rent),
  };
  return WATCH_GROUPS.some((name) => groups[name].length > 0) ? groups : null;
}
