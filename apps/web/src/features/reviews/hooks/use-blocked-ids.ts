// The ids of the members the reader blocked ([] for visitors): the comment page hides a blocked author's review
// behind a notice, and the filtered lists say how many of their items the block leaves out (API.md §1.9: lists are
// filtered for the blocker, counts are everyone's).
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "../../../shared/lib/auth";
import { profileQueries } from "../../profile";

const NONE: number[] = [];

export function useBlockedIds(): number[] {
  const { userId } = useAuth();
  const query = useQuery({ ...profileQueries.blockedIds(userId ?? 0), enabled: userId !== null });
  return userId === null ? NONE : (query.data ?? NONE);
}
