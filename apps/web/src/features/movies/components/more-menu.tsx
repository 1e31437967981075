// The movie page's 더보기 menu (SPEC §2): 컬렉션에 추가 opens the collections feature's sheet (my collections plus a
// new-collection entry), which the page passes in; visitors get the login overlay instead.
import { FolderPlus } from "lucide-react";
import { type ComponentType, useState } from "react";
import { Dialog } from "../../../shared/ui/dialog";
import { useRequireLogin } from "../../../shared/ui/login-required";
import { MOVIES } from "../strings";

export interface AddToCollectionSheetProps {
  movieId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export interface MoreMenuProps {
  movieId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The add-to-collection sheet (from `features/collections`). */
  AddToCollectionSheet: ComponentType<AddToCollectionSheetProps>;
}

export function MoreMenu({ movieId, open, onOpenChange, AddToCollectionSheet }: MoreMenuProps) {
  const requireLogin = useRequireLogin();
  const [adding, setAdding] = useState(false);

  function addToCollection() {
    onOpenChange(false);
    requireLogin(() => setAdding(true));
  }

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange} title={MOVIES.moreMenu} variant="sheet" showClose>
        <ul className="mt-3">
          <li>
            <button
              type="button"
              onClick={addToCollection}
              aria-haspopup="dialog"
              className="flex w-full items-center gap-3 rounded-lg px-2 py-3 text-left text-[15px] font-medium text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent"
            >
              <FolderPlus aria-hidden size={22} className="text-gray-600" />
              {MOVIES.addToCollection}
            </button>
          </li>
        </ul>
      </Dialog>
      <AddToCollectionSheet movieId={movieId} open={adding} onOpenChange={setAdding} />
    </>
  );
}
