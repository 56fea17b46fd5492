#!/usr/bin/env node
// `npm test`: every check a change can break, in order, then one summary line the CI can read.
// All steps run even when one fails, so a single run shows everything that is red. The summary repeats what
// each failed step said failed (vitest's FAIL and × lines, tsc's and eslint's errors), because a CI report
// often keeps only the end of the output, where the last step's passing tests would hide a failure above.
import { spawn } from 'node:child_process';

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['server (SQLite + PostgreSQL when TEST_DATABASE_URL is set)', ['run', 'test:server']],
  ['web components', ['run', 'test:web']],
  ['e2e (Chromium)', ['run', 'test:e2e']],
];

const FAILURE_LINE =
  /^\s*(FAIL\s|×|❯ .*\(\d+ tests? \| \d+ failed|\S+\(\d+,\d+\): error TS|\d+:\d+\s+error\s|\[warn\] )/;
const FAILURE_DETAIL = /^(AssertionError|Error|TypeError|ReferenceError|TimeoutError)\b/;
const KEPT_LINES = 40;
const TAIL_LINES = 15;
// eslint-disable-next-line no-control-regex
const plain = (line) => line.replace(/\x1b\[[0-9;]*m/g, '');

/** Runs one step with its output passed through as it comes, keeping the lines that say what failed. */
function runStep(args) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: ['inherit', 'pipe', 'pipe'] });
    const failures = [];
    const tail = [];
    const partial = { stdout: '', stderr: '' };
    const scan = (text) => {
      const line = plain(text).trimEnd();
      if (!line.trim()) return;
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
      if ((FAILURE_LINE.test(line) || FAILURE_DETAIL.test(line)) && failures.length < KEPT_LINES)
        failures.push(line.trim());
    };
    for (const name of ['stdout', 'stderr']) {
      child[name].on('data', (chunk) => {
        process[name].write(chunk);
        const lines = (partial[name] + chunk.toString()).split('\n');
        partial[name] = lines.pop();
        lines.forEach(scan);
      });
    }
    child.on('close', (code) => {
      scan(partial.stdout);
      scan(partial.stderr);
      resolve({ ok: code === 0, said: failures.length ? failures : tail });
    });
  });
}

const results = [];
for (const [name, args] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const run = await runStep(args);
  results.push({ name, ...run, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds}s)`);
  if (!r.ok) for (const line of r.said) console.log(`      ${line}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`TEST SUMMARY: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
