// A member in a list (followers, followings, blocked users, liked people): avatar and name linking to the profile,
// and an optional action on the right.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../shared/ui/avatar";

interface Props {
  href: string;
  name: string;
  imageUrl: string;
  /** `person` for film people (TMDB portraits); members by default. */
  imageKind?: "avatar" | "person";
  /** Whose generated art stands in when the picture fails. */
  artId?: number;
  /** A second line (roles, a status message). */
  detail?: ReactNode;
  action?: ReactNode;
}

export function MemberRow({ href, name, imageUrl, imageKind, artId, detail, action }: Props) {
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <Link
        to={href}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <Avatar src={imageUrl} name={name} size={44} kind={imageKind} artId={artId} decorative />
        <span className="min-w-0">
          <span className="block truncate text-[15px] font-semibold text-gray-900">{name}</span>
          {detail ? <span className="block truncate text-sm text-gray-500">{detail}</span> : null}
        </span>
      </Link>
      {action ? <div className="shrink-0">{action}</div> : null}
    </li>
  );
}
