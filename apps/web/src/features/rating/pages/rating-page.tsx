// /rating (평가하기): rate many films fast. Tabs 인기 / 랜덤 / 장르별 (a genre picker) / 예상 별점 높은 (members with
// ratings); each card takes a half-star rating, 보고싶어요 or 관심없어요 and leaves; the next films load as the list
// runs low. A counter of the member's ratings and milestones (10, 30, 100) that lead to /recommend and /analysis.
// Visitors browse; their first tap opens the login prompt, which remembers this page (tab and genre are in the URL).
import {
  type CompactMovie,
  MSG,
  RATING_MILESTONES,
  RATING_QUEUE_CATEGORIES,
  type RatingQueueCategory,
} from "@moviepedia/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { PartyPopper, X } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useAuth } from "../../../shared/lib/auth";
import { Button, LinkButton } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { IconButton } from "../../../shared/ui/icon-button";
import { Loading } from "../../../shared/ui/loading";
import { useRequireLogin } from "../../../shared/ui/login-required";
import { PageHeader } from "../../../shared/ui/page-header";
import { UI } from "../../../shared/ui/strings";
import { Tabs } from "../../../shared/ui/tabs";
import { analysisQueries } from "../../analysis";
import { movieQueries } from "../../movies";
import { profileQueries } from "../../profile";
import { recommendQueries } from "../../recommend";
import { reviewQueries, saveMyReview } from "../../reviews";
import { dismissMovie, ratingQueries } from "../api/rating-api";
import { type CardAction, RatingCard } from "../components/rating-card";
import { useRatingQueue } from "../hooks/use-rating-queue";
import { CATEGORY_LABELS, RATING } from "../strings";

function isCategory(value: string | null): value is RatingQueueCategory {
  return (RATING_QUEUE_CATEGORIES as readonly (string | null)[]).includes(value);
}

function nextMilestone(count: number): number | null {
  return RATING_MILESTONES.find((m) => m > count) ?? null;
}

function Counter({ count }: { count: number }) {
  const next = nextMilestone(count);
  return (
    <div className="px-4 pt-4 pb-2" aria-live="polite">
      <p className="text-lg font-bold text-gray-900 tabular-nums">{RATING.counter(count)}</p>
      {next !== null ? (
        <p className="mt-0.5 text-sm text-gray-500">{RATING.toNextMilestone(next - count, next)}</p>
      ) : null}
    </div>
  );
}

function Milestone({ milestone, onClose }: { milestone: number; onClose: () => void }) {
  return (
    <div role="status" className="mx-4 mb-2 flex items-start gap-3 rounded-xl bg-accent/10 p-4">
      <PartyPopper aria-hidden size={22} className="mt-0.5 shrink-0 text-accent" />
      <div className="min-w-0 flex-1">
        <p className="font-bold text-gray-900">{RATING.milestoneTitle(milestone)}</p>
        <p className="mt-0.5 text-sm text-gray-600">{RATING.milestoneBody}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <LinkButton to="/recommend" size="sm">
            {RATING.toRecommend}
          </LinkButton>
          <LinkButton to="/analysis" size="sm" variant="secondary">
            {RATING.toAnalysis}
          </LinkButton>
        </div>
      </div>
      <IconButton label={RATING.closeMilestone} onClick={onClose}>
        <X aria-hidden size={18} />
      </IconButton>
    </div>
  );
}

function GenrePicker({ value, onChange }: { value: string | undefined; onChange: (genre: string) => void }) {
  const query = useQuery(ratingQueries.genres());
  if (query.isPending) return <Loading className="py-3" />;
  if (query.isError) {
    return (
      <div className="flex items-center gap-2 px-4 py-2">
        <ErrorText>{RATING.genresFailed}</ErrorText>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {UI.retry}
        </Button>
      </div>
    );
  }
  return (
    <div
      role="group"
      aria-label={RATING.genresLabel}
      className="flex gap-2 overflow-x-auto px-4 py-2 [scrollbar-width:none]"
    >
      {query.data.map((genre) => (
        <button
          key={genre}
          type="button"
          aria-pressed={genre === value}
          onClick={() => onChange(genre)}
          className={`shrink-0 rounded-full border px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-accent ${
            genre === value ? "border-gray-900 bg-gray-900 text-white" : "border-gray-200 bg-white text-gray-600"
          }`}
        >
          {genre}
        </button>
      ))}
    </div>
  );
}

export default function RatingPage() {
  const { isLoggedIn, userId } = useAuth();
  const requireLogin = useRequireLogin();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const genre = params.get("genre") ?? undefined;

  // The member's ratings so far: the analysis' count once, then this visit's ratings on top.
  const analysis = useQuery({ ...analysisQueries.rating(userId ?? 0), enabled: isLoggedIn && userId !== null });
  const [baseline, setBaseline] = useState<number | null>(null);
  const [ratedHere, setRatedHere] = useState(0);
  useEffect(() => {
    if (baseline === null && analysis.data) setBaseline(analysis.data.rating_num);
  }, [analysis.data, baseline]);
  const count = (baseline ?? 0) + ratedHere;
  const [milestone, setMilestone] = useState<number | null>(null);

  const canPredict = isLoggedIn && count > 0;
  const tabs = RATING_QUEUE_CATEGORIES.filter((c) => c !== "predicted" || canPredict);
  const category: RatingQueueCategory = isCategory(tabParam) && tabs.includes(tabParam) ? tabParam : "popular";
  const ready = category !== "genre" || genre !== undefined;
  const queue = useRatingQueue(category, genre, ready);
  const [error, setError] = useState<string | null>(null);

  // Roving focus over the cards (↑/↓).
  const refs = useRef(new Map<number, HTMLElement>());
  const [focusId, setFocusId] = useState<number | null>(null);
  const shown = useMemo(() => queue.cards.filter((c) => !c.leaving), [queue.cards]);
  const tabbableId = shown.some((c) => c.movie.id === focusId) ? focusId : (shown[0]?.movie.id ?? null);
  const moveFocus = useCallback(
    (from: number, step: -1 | 1) => {
      const index = shown.findIndex((c) => c.movie.id === from);
      const target = shown[index + step];
      if (target) refs.current.get(target.movie.id)?.focus();
    },
    [shown],
  );

  function setTab(next: RatingQueueCategory) {
    const search = new URLSearchParams(params);
    search.set("tab", next);
    if (next !== "genre") search.delete("genre");
    setParams(search, { replace: true });
  }

  function setGenre(next: string) {
    const search = new URLSearchParams(params);
    search.set("tab", "genre");
    search.set("genre", next);
    setParams(search, { replace: true });
  }

  function write(movie: CompactMovie, action: CardAction): Promise<unknown> {
    if (action.kind === "dismiss") return dismissMovie(movie.id);
    return saveMyReview(movie.id, action.kind === "rating" ? { rating: action.rating } : { status: "WatchList" });
  }

  function onAction(movie: CompactMovie, action: CardAction) {
    setError(null);
    // Keyboard flow: the next card takes the focus of the one leaving.
    const leavingFocused = refs.current.get(movie.id)?.contains(document.activeElement);
    if (leavingFocused) moveFocus(movie.id, 1);
    void queue.leave(movie.id, write(movie, action)).then((ok) => {
      if (!ok) {
        setError(action.kind === "rating" ? MSG.saveRatingFailed : RATING.saveFailed);
        return;
      }
      // What the film's own page and the member's lists show has changed.
      void client.invalidateQueries({ queryKey: reviewQueries.movie(movie.id) });
      void client.invalidateQueries({ queryKey: movieQueries.detail(movie.id).queryKey });
      if (action.kind === "rating") {
        setRatedHere((n) => {
          const before = (baseline ?? 0) + n;
          const reached = RATING_MILESTONES.find((m) => before < m && before + 1 >= m);
          if (reached !== undefined) setMilestone(reached);
          return n + 1;
        });
      }
    });
  }

  // Leaving the page: the member's analysis, recommendations and profile are stale.
  useEffect(
    () => () => {
      if (userId === null) return;
      void client.invalidateQueries({ queryKey: analysisQueries.member(userId), refetchType: "none" });
      void client.invalidateQueries({ queryKey: recommendQueries.all, refetchType: "none" });
      void client.invalidateQueries({ queryKey: profileQueries.member(userId), refetchType: "none" });
      void client.invalidateQueries({ queryKey: ["home"], refetchType: "none" });
    },
    [client, userId],
  );

  // Near the end of the list: the next page.
  const sentinel = useRef<HTMLDivElement>(null);
  const { loadMore } = queue;
  useEffect(() => {
    const element = sentinel.current;
    // Without IntersectionObserver the list still grows: the queue loads more whenever few cards are left.
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadMore]);

  return (
    <>
      <PageHeader title={RATING.title} />
      {isLoggedIn ? (
        <Counter count={count} />
      ) : (
        <p className="px-4 pt-4 pb-2 text-sm text-gray-600">{RATING.visitorIntro}</p>
      )}
      {milestone !== null ? <Milestone milestone={milestone} onClose={() => setMilestone(null)} /> : null}
      <Tabs
        items={tabs.map((value) => ({ value, label: CATEGORY_LABELS[value] }))}
        value={category}
        onChange={setTab}
        label={RATING.tabsLabel}
        idPrefix="rating"
        variant="sub"
        className="border-b border-gray-100 px-4 [scrollbar-width:none]"
      />
      <div role="tabpanel" id={`rating-panel-${category}`} aria-labelledby={`rating-tab-${category}`}>
        {category === "genre" ? <GenrePicker value={genre} onChange={setGenre} /> : null}
        <p className="hidden px-4 pt-2 text-xs text-gray-400 sm:block">{RATING.keyboardHint}</p>
        {error ? <ErrorText className="px-4 pt-2">{error}</ErrorText> : null}
        {!ready ? (
          <EmptyState message={RATING.pickGenre} />
        ) : (
          <ul aria-busy={queue.loading} className="divide-y divide-gray-100">
            {queue.cards.map((card, index) => (
              <li
                key={card.movie.id}
                className={`grid transition-all duration-300 ease-out motion-reduce:transition-none ${
                  card.leaving ? "grid-rows-[0fr] -translate-x-6 opacity-0" : "grid-rows-[1fr] opacity-100"
                }`}
                aria-hidden={card.leaving || undefined}
                inert={card.leaving || undefined}
              >
                <div className="overflow-hidden">
                  <RatingCard
                    ref={(element) => {
                      if (element) refs.current.set(card.movie.id, element);
                      else refs.current.delete(card.movie.id);
                    }}
                    movie={card.movie}
                    canAct={() => requireLogin()}
                    onAction={onAction}
                    onMove={(step) => moveFocus(card.movie.id, step)}
                    tabbable={card.movie.id === tabbableId}
                    onFocus={() => setFocusId(card.movie.id)}
                    eager={index < 4}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
        {ready && queue.error ? (
          <div className="flex items-center gap-2 px-4 py-4">
            <ErrorText>{RATING.queueFailed}</ErrorText>
            <Button size="sm" variant="secondary" onClick={queue.retry}>
              {UI.retry}
            </Button>
          </div>
        ) : null}
        {ready && queue.loading ? <Loading className="py-6" label={RATING.loadingMore} /> : null}
        {ready && queue.exhausted && shown.length === 0 && !queue.loading ? (
          <EmptyState message={RATING.queueEmpty}>
            <p className="text-sm text-gray-400">{RATING.queueEmptyHint}</p>
          </EmptyState>
        ) : null}
        <div ref={sentinel} aria-hidden className="h-px" />
      </div>
    </>
  );
}
