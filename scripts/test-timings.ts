/**
 * A reporter for Node's test runner that writes one JSON line per test file,
 * `{"file": "tests/…", "ms": 1234, "ok": true}`, and one per process,
 * `{"batch": "/…/batch-001.mjs", "ms": 56789, "ok": true}`. scripts/test.ts adds it beside the
 * visible reporter and prints the slowest files at the end of a run.
 *
 * Every process runs a batch of files or a worker that takes them in turn (a module in
 * TEST_BATCH_DIR, see scripts/test.ts) that declares, before each of its files, a test named by
 * the file that passes once the file is imported; the top-level tests after it, up to the next
 * one, are that file's (a worker's "npm test: next file" is no file's). A file's time is
 * its import and its tests (not the process's start), and it failed if any of them did.
 */
import { sep } from 'node:path';

interface Outcome {
  name: string;
  file?: string;
  nesting: number;
  details: { duration_ms: number };
}

export default async function* timings(source: AsyncIterable<{ type: string; data: unknown }>): AsyncGenerator<string> {
  const batchDir = process.env.TEST_BATCH_DIR;
  const inBatchDir = (file: string) => batchDir !== undefined && file.startsWith(batchDir + sep);
  const files = new Map<string, { ms: number; ok: boolean }>();
  // The file whose tests are being reported.
  let current: string | undefined;
  for await (const event of source) {
    const data = event.data as Outcome;
    if (data.nesting !== 0 || !data.file) continue;
    // The process as a whole: the runner names it by its module's path.
    if (event.type === 'test:complete' && data.name === data.file && inBatchDir(data.file)) {
      const ok = (data.details as { passed?: boolean }).passed === true;
      yield `${JSON.stringify({ batch: data.file, ms: Math.round(data.details.duration_ms), ok })}\n`;
      continue;
    }
    // Not test:complete: the runner sends those as each test ends, mixing the processes that run
    // at once; test:pass and test:fail come in order, each process's together.
    if ((event.type !== 'test:pass' && event.type !== 'test:fail') || data.name === data.file) continue;
    if (inBatchDir(data.file)) {
      // A worker's wait for its file's tests to end (scripts/test.ts): part of no file.
      if (data.name === 'npm test: next file') continue;
      current = data.name;
    }
    if (current === undefined) continue;
    const file = files.get(current) ?? { ms: 0, ok: true };
    files.set(current, { ms: file.ms + data.details.duration_ms, ok: file.ok && event.type === 'test:pass' });
  }
  for (const [file, { ms, ok }] of files) yield `${JSON.stringify({ file, ms: Math.round(ms), ok })}\n`;
}
