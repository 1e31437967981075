// The home's first items of 소식 for members (issue #21), with a link to the whole feed.
import { useQuery } from "@tanstack/react-query";
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { useAuth } from "../../../shared/lib/auth";
import { communityKeys, fetchFeedWindow } from "../api/community-api";
import { COMMUNITY } from "../strings";
import { FeedItemCard } from "./feed-item-card";

const PREVIEW_ITEMS = 3;

export function FeedPreview() {
  const { isLoggedIn } = useAuth();
  const { data } = useQuery({
    queryKey: communityKeys.feedPreview,
    queryFn: ({ signal }) => fetchFeedWindow(null, PREVIEW_ITEMS, signal),
    enabled: isLoggedIn,
  });
  if (!isLoggedIn || !data || data.length === 0) return null;
  return (
    <section aria-labelledby="home-feed" className="py-2">
      <div className="flex items-center justify-between px-4">
        <h2 id="home-feed" className="text-lg font-bold text-gray-900">
          {COMMUNITY.homeFeed}
        </h2>
        <Link to="/feed" className="inline-flex items-center text-sm text-gray-500 hover:text-gray-800">
          {COMMUNITY.feedMore}
          <ChevronRight aria-hidden size={16} />
        </Link>
      </div>
      {data.map((item) => (
        <FeedItemCard key={item.id} item={item} />
      ))}
    </section>
  );
}
