import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../src/repositories/child-process.ts';
import { recordChildrenIn } from '../src/repositories/child-registry.ts';
import { spawnChild } from '../src/repositories/spawner.ts';
import { runYtdlp } from '../src/repositories/ytdlp-process.ts';
import { isAlive } from './helpers/fake-ytdlp.ts';

// Children are spawned by a helper process (spawner.ts) so the fork does not block the API's event loop;
// what their callers see must be what a ChildProcess gave: output, exit codes, stderr texts, stops.
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-spawner-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function waitUntil(check: () => boolean, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

const readPid = (file: string) => Number(fs.readFileSync(file, 'utf8').trim() || 0);

describe('spawner helper', () => {
  it('hands over the pid, the output in order and the exit code of a child', async () => {
    const child = spawnChild('/bin/sh', ['-c', 'echo one; echo oops >&2; echo two; exit 3']);
    const events: string[] = [];
    let stdout = '';
    let stderr = '';
    child.on('spawn', (pid: number) => events.push(`spawn ${pid > 0}`));
    child.on('stdout', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.on('stderr', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const [code, signal] = await new Promise<unknown[]>((resolve) =>
      child.on('close', (...args: unknown[]) => resolve(args)),
    );
    expect(events).toEqual(['spawn true']);
    expect(stdout).toBe('one\ntwo\n');
    expect(stderr).toBe('oops\n');
    expect([code, signal]).toEqual([3, null]);
  });

  it('decodes text split across chunks when asked to', async () => {
    // a multi-byte character written in two writes arrives whole
    const child = spawnChild('/bin/sh', ['-c', "printf '\\303'; sleep 0.05; printf '\\251\\n'"], {
      encoding: 'utf8',
    });
    let text = '';
    child.on('stdout', (chunk: string) => (text += chunk));
    await new Promise((resolve) => child.on('close', resolve));
    expect(text).toBe('é\n');
  });

  it('passes the environment it is given', async () => {
    const child = spawnChild('/bin/sh', ['-c', 'printf %s "$TK_SPAWNER_TEST"'], {
      env: { ...process.env, TK_SPAWNER_TEST: 'from the caller' },
    });
    let out = '';
    child.on('stdout', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((resolve) => child.on('close', resolve));
    expect(out).toBe('from the caller');
  });

  it('a kill sent before the pid arrived still ends the child', async () => {
    const child = spawnChild('/bin/sh', ['-c', 'exec sleep 30']);
    child.kill('SIGKILL');
    const [code, signal] = await new Promise<unknown[]>((resolve) =>
      child.on('close', (...args: unknown[]) => resolve(args)),
    );
    expect([code, signal]).toEqual([null, 'SIGKILL']);
  });
});

describe('runProcess through the spawner helper', () => {
  it('resolves with stdout and rejects with the last lines of stderr on a non-zero exit', async () => {
    await expect(runProcess('/bin/sh', ['-c', 'echo fine'], { notFound: 'no sh' })).resolves.toEqual({
      stdout: 'fine\n',
      stderr: '',
    });
    await expect(
      runProcess('/bin/sh', ['-c', 'echo a >&2; echo b >&2; echo c >&2; echo d >&2; exit 1'], {
        notFound: 'no sh',
      }),
    ).rejects.toThrow(/^b c d$/);
    await expect(runProcess('/bin/sh', ['-c', 'exit 7'], { notFound: 'no sh' })).rejects.toThrow(
      '/bin/sh exited with code 7',
    );
  });

  it('rejects with the notFound text for a missing program', async () => {
    await expect(
      runProcess(path.join(dir, 'no-such-program'), [], { notFound: 'ffmpeg is not installed' }),
    ).rejects.toThrow('ffmpeg is not installed');
  });

  it('a stop kills the child and rejects as aborted', async () => {
    const pidFile = path.join(dir, 'run-process.pid');
    const controller = new AbortController();
    const run = runProcess('/bin/sh', ['-c', `echo $$ > ${pidFile}; exec sleep 30`], {
      notFound: 'no sh',
      signal: controller.signal,
    });
    expect(await waitUntil(() => fs.existsSync(pidFile) && readPid(pidFile) > 0)).toBe(true);
    const pid = readPid(pidFile);
    expect(isAlive(pid)).toBe(true);
    controller.abort('test');
    await expect(run).rejects.toMatchObject({ name: 'AbortError', message: 'aborted (test)' });
    expect(await waitUntil(() => !isAlive(pid))).toBe(true);
  });
});

describe('runYtdlp through the spawner helper', () => {
  it('writes the child down while it runs and a stop right after the start ends its group', async () => {
    const registry = path.join(dir, 'children');
    recordChildrenIn(registry);
    const pidFile = path.join(dir, 'ytdlp.pid');
    const controller = new AbortController();
    // the stop comes before the spawner helper has answered with the pid
    const run = runYtdlp('/bin/sh', ['-c', `sleep 30 & echo $! > ${pidFile}; wait`], {
      signal: controller.signal,
    });
    controller.abort();
    await expect(run).rejects.toMatchObject({ kind: 'aborted' });
    // the shell may have been ended before it started its sleep; if it did start it, the sleep is gone too
    if (fs.existsSync(pidFile) && readPid(pidFile) > 0) {
      expect(await waitUntil(() => !isAlive(readPid(pidFile)))).toBe(true);
    }
    expect(fs.readdirSync(registry)).toEqual([]);

    const second = new AbortController();
    const running = runYtdlp('/bin/sh', ['-c', `sleep 30 & echo $! > ${pidFile}.2; wait`], {
      signal: second.signal,
    });
    expect(await waitUntil(() => fs.existsSync(`${pidFile}.2`) && readPid(`${pidFile}.2`) > 0)).toBe(true);
    expect(fs.readdirSync(registry)).toHaveLength(1);
    expect(fs.readdirSync(registry)[0]).toMatch(new RegExp(`^${process.pid}-\\d+$`));
    second.abort();
    await expect(running).rejects.toMatchObject({ kind: 'aborted' });
    expect(await waitUntil(() => !isAlive(readPid(`${pidFile}.2`)))).toBe(true);
    expect(fs.readdirSync(registry)).toEqual([]);
  });

  it('resolves with the exit code and stderr of a failing run, and streams stdout lines', async () => {
    const lines: string[] = [];
    const result = await runYtdlp('/bin/sh', ['-c', 'echo "[download]  50%"; echo ERROR: gone >&2; exit 1'], {
      onStdoutLine: (line) => lines.push(line),
    });
    expect(result).toEqual({
      code: 1,
      signal: null,
      stdout: '[download]  50%\n',
      stderr: 'ERROR: gone\n',
    });
    expect(lines).toEqual(['[download]  50%']);
  });

  it('a missing yt-dlp is reported as before', async () => {
    await expect(runYtdlp(path.join(dir, 'no-yt-dlp'), ['--version'])).rejects.toMatchObject({
      kind: 'not-found',
    });
  });

  it('runs children at a niceness 10 above the server, so media work yields the processor to the API', async () => {
    const serverNiceness = os.getPriority(0);
    const { stdout } = await runProcess('nice', [], { notFound: 'nice is missing' });
    expect(Number(stdout.trim())).toBe(Math.min(19, serverNiceness + 10));
    // the server's own threads keep their priority (under a runner already at 19 both are 19)
    expect(os.getPriority(0)).toBeLessThanOrEqual(Number(stdout.trim()));
    expect(os.getPriority(0)).toBe(serverNiceness);
  });
});

describe('the session of a detached child', () => {
  // where the kernel groups tasks by session (autogroup: /proc/<pid>/autogroup exists), a session competes as
  // one task, so yt-dlp's own session is lowered too; this machine and CI have autogroup on
  it('runs at autogroup niceness 19, so downloads yield the processor to the API', async () => {
    expect(fs.existsSync('/proc/self/autogroup')).toBe(true);
    // whatever niceness the session running the tests has (a CI runner may start them lowered)
    const serverSession = fs.readFileSync('/proc/self/autogroup', 'utf8');
    // the helper lowers the session right after the fork: the child waits up to 2 s to see it
    const script =
      'for i in $(seq 20); do grep -q "nice 0$" /proc/self/autogroup || break; sleep 0.1; done; cat /proc/self/autogroup';
    const { stdout } = await runYtdlp('/bin/sh', ['-c', script]);
    expect(stdout.trim()).toMatch(/^\/autogroup-\d+ nice 19$/);
    // the server's session keeps its niceness
    expect(fs.readFileSync('/proc/self/autogroup', 'utf8')).toBe(serverSession);
  });
});

describe('spawner helper lifetime', () => {
  it('an idle helper does not keep a finished program alive', async () => {
    const script = path.join(dir, 'run-and-finish.mts');
    const runner = path.resolve(import.meta.dirname, '../src/repositories/child-process.ts');
    fs.writeFileSync(
      script,
      `import { runProcess } from ${JSON.stringify(runner)};
      const { stdout } = await runProcess('/bin/sh', ['-c', 'echo done'], { notFound: 'no sh' });
      process.stdout.write(stdout);`,
    );
    const started = Date.now();
    const { stdout } = await runProcess(process.execPath, ['--import', 'tsx', script], {
      notFound: 'no node',
    });
    expect(stdout).toBe('done\n');
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
