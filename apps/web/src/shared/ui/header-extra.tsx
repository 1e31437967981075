// A slot the app shell fills with controls every page header shows on phones (the notification bell): shared/ui
// cannot import features, so the layout provides the element and PageHeader (or a page's own header) renders it.
import { createContext, type ReactNode, useContext } from "react";

const HeaderExtraContext = createContext<ReactNode>(null);

export const HeaderExtraProvider = HeaderExtraContext.Provider;

export function HeaderExtra() {
  return <>{useContext(HeaderExtraContext)}</>;
}
