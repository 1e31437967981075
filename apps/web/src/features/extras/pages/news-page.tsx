// /news: a permanent placeholder (SPEC §2).
import { NotOffered } from "../components/not-offered";
import { EXTRAS } from "../strings";

export default function NewsPage() {
  return <NotOffered title={EXTRAS.newsTitle} />;
}
