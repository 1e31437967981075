// What other modules use of people.
export { toPerson } from "./mapper.js";
export { PERSON_COLUMNS, type PersonCoreRow } from "./repository.js";
