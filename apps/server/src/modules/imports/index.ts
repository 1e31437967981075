// What other modules use of imports: nothing yet beyond the service the container builds.
export { createImportsService, type ImportsService } from "./service.js";
