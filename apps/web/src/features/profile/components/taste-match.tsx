// "취향 일치도 NN%" between the logged-in member and another member [EXT], with the co-rated films it rests on.
import { useQuery } from "@tanstack/react-query";
import { Sparkles } from "lucide-react";
import { Spinner } from "../../../shared/ui/loading";
import { tasteMatchQuery } from "../api/social-api";
import { PROFILE } from "../strings";

export function TasteMatchBox({ userId }: { userId: number }) {
  const query = useQuery(tasteMatchQuery(userId));
  return (
    <section aria-labelledby="taste-match-title" className="rounded-xl bg-accent/5 px-4 py-3 text-left">
      <h3 id="taste-match-title" className="sr-only">
        {PROFILE.tasteMatchTitle}
      </h3>
      {query.isPending ? (
        <div role="status" className="flex items-center gap-2 text-sm text-gray-500">
          <Spinner size={16} />
          <span>{PROFILE.tasteMatchTitle}</span>
        </div>
      ) : query.isError ? (
        <p className="text-sm text-gray-500">{PROFILE.tasteMatchFailed}</p>
      ) : (
        <div className="flex items-center gap-3">
          <Sparkles aria-hidden size={20} className="shrink-0 text-accent" />
          <div className="min-w-0">
            <p className="font-bold text-gray-900">
              {query.data.match === null ? PROFILE.tasteMatchNeedsMore : PROFILE.tasteMatch(query.data.match)}
            </p>
            <p className="text-sm text-gray-500">{PROFILE.coRated(query.data.co_rated)}</p>
          </div>
        </div>
      )}
    </section>
  );
}
