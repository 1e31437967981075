// SPEC §2/§8 share: copies the collection's address and alerts whether it worked.
import { MSG } from "@moviepedia/contract";

export function collectionLink(collectionId: number): string {
  return `${window.location.origin}/collections/${collectionId}`;
}

/** Copies the link with the Clipboard API (missing on insecure origins, refused without permission). */
export async function shareCollection(collectionId: number): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error("Clipboard API unavailable");
    await navigator.clipboard.writeText(collectionLink(collectionId));
    window.alert(MSG.linkCopied);
    return true;
  } catch (error) {
    console.error("Failed to copy link", error);
    window.alert(MSG.linkCopyFailed);
    return false;
  }
}
