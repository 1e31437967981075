import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { preloadDialog } from "./shared/ui/dialog";

// Vitest runs without globals, so Testing Library cannot register its own unmount-after-each.
afterEach(cleanup);

// Dialogs load Radix on first open in the app; tests render them at once (the lazy path runs in the browser tests).
await preloadDialog();
