/**
 * A reporter for Node's test runner that writes one JSON line per test file,
 * `{"file": "tests/…", "ms": 1234, "ok": true}`: the file's whole process, from its start to its
 * end (the runner reports it as a test named by the file's path). scripts/test.ts adds it beside
 * the visible reporter and prints the slowest files at the end of a run.
 */
import { relative } from 'node:path';

interface Complete {
  name: string;
  file?: string;
  nesting: number;
  details: { duration_ms: number; passed: boolean };
}

export default async function* timings(source: AsyncIterable<{ type: string; data: unknown }>): AsyncGenerator<string> {
  for await (const event of source) {
    if (event.type !== 'test:complete') continue;
    const data = event.data as Complete;
    if (data.nesting !== 0 || !data.file || data.name !== relative(process.cwd(), data.file)) continue;
    yield `${JSON.stringify({ file: data.name, ms: Math.round(data.details.duration_ms), ok: data.details.passed })}\n`;
  }
}
