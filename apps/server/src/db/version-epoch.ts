// How long a reading of "commits by other connections" (SQLite's data_version, db/data-version.ts) may be reused:
// until the epoch ends. It ends when a request arrives, when a statement that writes is run on any connection of
// this process, and at the end of the event-loop turn. So every request sees every commit acknowledged before it
// arrived, from this process or any other, and code that writes on one connection and then reads on another sees
// its write.
let epoch = 0;
let endScheduled = false;

const endByTurn = () => {
  endScheduled = false;
  epoch++;
};

export function endVersionEpoch(): void {
  epoch++;
}

/** The current epoch; reading it for a new reading schedules the end of the turn's epoch. */
export function versionEpoch(): number {
  if (!endScheduled) {
    endScheduled = true;
    setImmediate(endByTurn);
  }
  return epoch;
}
