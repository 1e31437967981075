// /search?query=…&category=… — being built by its feature's engineer; until then the route shows its header and a "준비 중" notice.
import { PreparingPage } from "../../../shared/ui/preparing-page";

export default function SearchPage() {
  return <PreparingPage title="검색" back={false} />;
}
