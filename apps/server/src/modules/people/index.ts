// What other modules use of people.
export { toPerson } from "./mapper.js";
export { type PersonCoreRow } from "./repository.js";
