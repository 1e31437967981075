// /rating: a permanent placeholder (SPEC §2).
import { NotOffered } from "../components/not-offered";
import { EXTRAS } from "../strings";

export default function RatingPage() {
  return <NotOffered title={EXTRAS.ratingTitle} />;
}
