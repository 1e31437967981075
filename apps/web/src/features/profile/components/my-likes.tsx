// Own profile: counts of liked people, collections and comments (from `Me`), each a link to its likes tab.
import type { Me } from "@moviepedia/contract";
import { Link } from "react-router";
import { PROFILE } from "../strings";

export function MyLikes({ me }: { me: Me }) {
  const base = `/profile/${me.id}/likes?selected=`;
  const items = [
    { tab: "participants", label: PROFILE.likedPeople, count: me.liked_people_count },
    { tab: "collections", label: PROFILE.likedCollections, count: me.liked_collections_count },
    { tab: "reviews", label: PROFILE.likedReviews, count: me.liked_reviews_count },
  ] as const;
  return (
    <section aria-labelledby="my-likes-title" className="px-4 py-5">
      <h2 id="my-likes-title" className="mb-3 px-1 text-lg font-bold text-gray-900">
        {PROFILE.myLikes}
      </h2>
      <ul className="grid grid-cols-3 gap-2">
        {items.map((item) => (
          <li key={item.tab}>
            <Link
              to={`${base}${item.tab}`}
              className="flex flex-col items-center gap-1 rounded-xl border border-gray-200 px-2 py-3 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent"
            >
              <span className="text-lg font-bold text-gray-900 tabular-nums">{item.count}</span>
              <span className="text-xs text-gray-500 sm:text-sm">{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
