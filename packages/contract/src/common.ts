// Building blocks shared by every wire schema.
import { z } from "zod";

export const ErrorBody = z.object({ detail: z.string(), code: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Path id: a decimal string; the server checks `^[0-9]+$` and treats > 2³¹−1 as unknown. */
const IdParam = z.string().regex(/^[0-9]+$/);
export const IdParams = <N extends string>(name: N) => z.object({ [name]: IdParam } as Record<N, typeof IdParam>);

/** `YYYY-MM-DDTHH:MM:SS`, UTC, no zone (API.md §1.4). */
export const Timestamp = z.string();

export const Int = z.number().int();

/** begin/end windows; the server validates them itself to report INVALID_RANGE. */
export const WindowQuery = z.object({
  begin: z.string().optional(),
  end: z.string().optional(),
});

/** List answers of collections (API.md §4.0): `movies_limit` [EXT], 0–1000, embeds only the first N movies. */
export const CollectionListQuery = WindowQuery.extend({ movies_limit: z.string().optional() });

export const OkTrue = z.boolean();
