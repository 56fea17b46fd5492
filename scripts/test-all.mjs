#!/usr/bin/env node
// `npm test`: every check a change can break, in order, then one summary line the CI can read.
// All steps run even when one fails, so a single run shows everything that is red.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['server (SQLite + PostgreSQL when TEST_DATABASE_URL is set)', ['run', 'test:server']],
  ['web components', ['run', 'test:web']],
  ['e2e (Chromium)', ['run', 'test:e2e']],
];

const results = [];
for (const [name, args] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const run = spawnSync('npm', args, { stdio: 'inherit' });
  results.push({ name, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`TEST SUMMARY: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
