import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import "./index.css";
import { App } from "./app/app";
import { authStore } from "./shared/lib/auth";

// Restores the stored session before the first render, so a member never sees the logged-out frame flash.
void authStore.start();

// The first render as a transition: React renders it in slices that yield to the browser (the boot screen stays
// until it commits) instead of one long task, which a phone's main thread would feel as blocking time.
const root = createRoot(document.getElementById("root")!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
