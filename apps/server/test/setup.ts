// Every server test runs with the read cache checking its `tables` rules: each hit of such a region is built again
// and compared with the kept answer, so a region that reads a table its rule does not name fails the test that
// writes to that table (cache/index.ts, verifyReadCache).
import { verifyReadCache } from "../src/cache/index.js";

verifyReadCache(true);
