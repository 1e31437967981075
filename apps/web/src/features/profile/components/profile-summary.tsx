// The top of a profile (SPEC §2): avatar, username, status message, follower and following counts (links to the
// lists), then the member's reviews and collections with their counts.
import type { UserProfile } from "@moviepedia/contract";
import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../shared/ui/avatar";
import { PROFILE } from "../strings";

const FOCUS = "focus-visible:outline-2 focus-visible:outline-accent";

function Count({ to, label, count }: { to: string; label: string; count: number }) {
  return (
    <Link to={to} className={`rounded px-1 text-sm text-gray-600 hover:text-gray-900 ${FOCUS}`}>
      {label} <strong className="font-bold text-gray-900">{count}</strong>
    </Link>
  );
}

export function ProfileSummary({ profile, children }: { profile: UserProfile; children?: ReactNode }) {
  const base = `/profile/${profile.id}`;
  return (
    <section aria-labelledby="profile-name" className="flex flex-col items-center gap-3 px-5 pt-6 pb-5 text-center">
      <Avatar src={profile.profile_url} name={profile.username} size={88} artId={profile.id} />
      <div className="min-w-0 max-w-full">
        <h2 id="profile-name" className="text-xl font-bold break-words text-gray-900">
          {profile.username}
        </h2>
        <p
          className={`mt-1 text-[15px] break-words whitespace-pre-line ${profile.status_message ? "text-gray-700" : "text-gray-500"}`}
        >
          {profile.status_message ?? PROFILE.noStatus}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <Count to={`${base}/followers`} label={PROFILE.followers} count={profile.follower_count} />
        <span aria-hidden className="h-3 w-px bg-gray-300" />
        <Count to={`${base}/followings`} label={PROFILE.followings} count={profile.following_count} />
      </div>
      {children ? <div className="w-full max-w-sm">{children}</div> : null}
    </section>
  );
}

function MenuRow({ to, label, count }: { to: string; label: string; count: number }) {
  return (
    <li>
      <Link
        to={to}
        className={`flex items-center gap-3 px-5 py-4 hover:bg-gray-50 ${FOCUS} focus-visible:-outline-offset-2`}
      >
        <span className="flex-1 text-[15px] font-medium text-gray-900">{label}</span>
        <span className="text-[15px] font-semibold text-gray-900 tabular-nums">{count}</span>
        <ChevronRight aria-hidden size={18} className="text-gray-300" />
      </Link>
    </li>
  );
}

export function ProfileMenu({ profile }: { profile: UserProfile }) {
  const base = `/profile/${profile.id}`;
  return (
    <ul className="divide-y divide-gray-100 border-y border-gray-100">
      <MenuRow to={`${base}/reviews`} label={PROFILE.reviews} count={profile.review_count} />
      <MenuRow to={`${base}/collections`} label={PROFILE.collections} count={profile.collection_count} />
    </ul>
  );
}
