/**
 * A start-up refusal whose message says everything (a bad setting, the database in use by another
 * process): printed as it is, without a stack trace.
 */
export class StartupError extends Error {}
