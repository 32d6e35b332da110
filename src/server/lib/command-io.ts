import { loadDotEnv } from '../config.ts';

/**
 * What one of the site's commands (`npm run export`, `import`, `backup`, `restore-check`, `migrate`,
 * `admin`) reads its settings from and writes its lines to. A command run by npm has the process's
 * own (`processIo`); the test suite runs the same function with a place's settings and keeps what it
 * says, in its own process, instead of starting Node again for each of its two hundred runs.
 */
export interface CommandIo {
  /** The settings, as the environment gives them (DATA_DIR, DATABASE_URL, …). */
  env: Record<string, string | undefined>;
  /** The folder a relative FILE is taken from. */
  cwd: string;
  out(text: string): void;
  err(text: string): void;
}

/** The process's environment (with `.env` of the working directory loaded first, as the server does) and its stdout and stderr. */
export function processIo(): CommandIo {
  loadDotEnv();
  return {
    env: process.env,
    // npm runs scripts in the project folder; a relative FILE means the folder the operator typed it in.
    cwd: process.env.INIT_CWD ?? process.cwd(),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  };
}
