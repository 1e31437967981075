import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./index.css";
import { App } from "./app/app";
import { authStore } from "./shared/lib/auth";

// Restores the stored session before the first render, so a member never sees the logged-out frame flash.
void authStore.start();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
