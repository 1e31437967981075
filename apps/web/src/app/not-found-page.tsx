import { NotFoundView } from "../shared/ui/not-found-view";

/** Any address the router does not know. */
export function NotFoundPage() {
  return <NotFoundView />;
}
