import { loggableError } from '../lib/db-errors.ts';
import { StartupError } from '../lib/startup-error.ts';
import { BackupError } from '../modules/backup/archive.ts';

/** Parses `--flag` arguments (and at most `positional` others); an unknown one stops with a message. */
export function parseArgs(argv: string[], flags: string[], positional: number) {
  const found = new Set<string>();
  const rest: string[] = [];
  for (const arg of argv) {
    if (arg.startsWith('--')) {
      if (!flags.includes(arg)) throw new BackupError(`Opción desconocida: ${arg} (se aceptan: ${flags.join(', ')})`);
      found.add(arg);
    } else rest.push(arg);
  }
  if (rest.length > positional) throw new BackupError(`Sobra un argumento: ${rest[positional]}`);
  return { has: (flag: string) => found.has(flag), rest };
}

/** Runs a command: its refusals print their message alone, anything else with its details; exit 1. */
export function runCli(main: () => Promise<void>) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof BackupError || error instanceof StartupError) process.stderr.write(`${error.message}\n`);
      else {
        const { stack, ...details } = loggableError(error);
        process.stderr.write(`Error: ${details.message}\n${stack ?? ''}\n`);
      }
      process.exit(1);
    },
  );
}
