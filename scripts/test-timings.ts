/**
 * A reporter for Node's test runner that writes one JSON line per test file,
 * `{"file": "tests/…", "ms": 1234, "ok": true}`, and one per batch of files (scripts/test.ts),
 * `{"batch": "/…/batch-01.mjs", "ms": 56789, "ok": true}`. scripts/test.ts adds it beside the
 * visible reporter and prints the slowest files at the end of a run.
 *
 * A file in a process of its own is timed from its process's start to its end (the runner reports
 * it as a test named by the file's path). A file in a batch (a module in TEST_BATCH_DIR that imports
 * several) is timed by its top-level tests, which run one after the other: its share of the
 * batch's process, without the import the batch's files share. A batch's file that failed to
 * import is a failed test named by the file.
 */
import { relative, sep } from 'node:path';

interface Complete {
  name: string;
  file?: string;
  nesting: number;
  details: { duration_ms: number; passed: boolean };
}

export default async function* timings(source: AsyncIterable<{ type: string; data: unknown }>): AsyncGenerator<string> {
  const batchDir = process.env.TEST_BATCH_DIR;
  const inBatchDir = (file: string) => batchDir !== undefined && file.startsWith(batchDir + sep);
  // The top-level tests of every file, summed: a batched file's time and outcome.
  const parts = new Map<string, { ms: number; ok: boolean }>();
  const whole = new Set<string>();
  for await (const event of source) {
    if (event.type !== 'test:complete') continue;
    const data = event.data as Complete;
    if (data.nesting !== 0 || !data.file) continue;
    const path = relative(process.cwd(), data.file);
    const { duration_ms: ms, passed: ok } = data.details;
    // The runner names a file by its path from here, or by its whole path when elsewhere (a batch).
    if (data.name === path || data.name === data.file) {
      if (inBatchDir(data.file)) yield `${JSON.stringify({ batch: data.file, ms: Math.round(ms), ok })}\n`;
      else {
        whole.add(path);
        yield `${JSON.stringify({ file: path, ms: Math.round(ms), ok })}\n`;
      }
      continue;
    }
    // A batch's file that could not be imported: the batch names the test by the file.
    const file = inBatchDir(data.file) ? data.name : path;
    const part = parts.get(file) ?? { ms: 0, ok: true };
    parts.set(file, { ms: part.ms + ms, ok: part.ok && ok });
  }
  for (const [file, { ms, ok }] of parts)
    if (!whole.has(file)) yield `${JSON.stringify({ file, ms: Math.round(ms), ok })}\n`;
}
