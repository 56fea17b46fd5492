#!/usr/bin/env node
// `npm test`: every check a change can break, in order, then one summary line the CI can read.
// All steps run even when one fails, so a single run shows everything that is red. The summary repeats what
// each failed step said failed (vitest's FAIL and × lines, tsc's and eslint's errors), because a CI report
// often keeps only the end of the output, where the last step's passing tests would hide a failure above.
import { spawn } from 'node:child_process';

// Each entry is a stage; the steps of one stage run side by side. Typecheck and lint are one process each
// (tsc, eslint), so on a 2-core machine together they take about as long as typecheck alone (~45 s saved).
// The test steps use every core themselves, and their timeouts assume they do not share it, so they run alone.
const stages = [
  [
    ['typecheck', ['run', 'typecheck']],
    ['lint', ['run', 'lint']],
  ],
  [['server (SQLite + PostgreSQL when TEST_DATABASE_URL is set)', ['run', 'test:server']]],
  [['web components', ['run', 'test:web']]],
  [['e2e (Chromium)', ['run', 'test:e2e']]],
];

const FAILURE_LINE =
  /^\s*(FAIL\s|×|❯ .*\(\d+ tests? \| \d+ failed|\S+\(\d+,\d+\): error TS|\d+:\d+\s+error\s|\[warn\] )/;
const FAILURE_DETAIL = /^(AssertionError|Error|TypeError|ReferenceError|TimeoutError)\b/;
const KEPT_LINES = 40;
const TAIL_LINES = 15;
// eslint-disable-next-line no-control-regex
const plain = (line) => line.replace(/\x1b\[[0-9;]*m/g, '');

/**
 * Runs one step under its heading, keeping the lines that say what failed. Its output is passed through as it
 * comes, or, when `buffered`, kept and printed (heading first) at its end, so that steps running side by side
 * do not interleave their lines.
 */
function runStep(heading, args, buffered) {
  if (!buffered) console.log(heading);
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: ['inherit', 'pipe', 'pipe'] });
    const failures = [];
    const tail = [];
    const partial = { stdout: '', stderr: '' };
    const kept = [];
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
        if (buffered) kept.push([name, chunk]);
        else process[name].write(chunk);
        const lines = (partial[name] + chunk.toString()).split('\n');
        partial[name] = lines.pop();
        lines.forEach(scan);
      });
    }
    child.on('close', (code) => {
      scan(partial.stdout);
      scan(partial.stderr);
      if (buffered) console.log(heading);
      for (const [name, chunk] of kept) process[name].write(chunk);
      resolve({ ok: code === 0, said: failures.length ? failures : tail });
    });
  });
}

const results = [];
for (const stage of stages) {
  const together = stage.length > 1;
  if (together) console.log(`\n=== ${stage.map(([name]) => name).join(' + ')} (side by side) ===`);
  const runs = stage.map(async ([name, args]) => {
    const started = Date.now();
    const run = await runStep(`\n=== ${name} ===`, args, together);
    return { name, ...run, seconds: Math.round((Date.now() - started) / 1000) };
  });
  results.push(...(await Promise.all(runs)));
}

console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds}s)`);
  if (!r.ok) for (const line of r.said) console.log(`      ${line}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`TEST SUMMARY: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
