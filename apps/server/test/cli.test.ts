import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runUserCommand } from '../src/cli/user.command.ts';
import { Client, createTestApp, type TestApp } from './helpers/app.ts';
import { ENGINES } from './helpers/database.ts';
import { ensureInitialAdmin } from '../src/services/bootstrap.service.ts';

describe.each(ENGINES)('tubekeeper user CLI and first start on %s', (engine) => {
  let t: TestApp;
  let output: string[];
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const run = async (args: string[], flags = {}) => {
    output = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void output.push(line));
    const err = vi.spyOn(console, 'error').mockImplementation((line: string) => void output.push(line));
    try {
      return await runUserCommand(t.container, args, flags);
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
  };

  it('creates the first superuser with a generated password, once', async () => {
    const { users } = t.container.repositories;
    const first = await ensureInitialAdmin(users, t.container.userAdmin, undefined, undefined);
    expect(first?.username).toBe('admin');
    expect(first?.generatedPassword).toMatch(/^[\w-]{20}$/);
    expect((await new Client(t.app).login('admin', first!.generatedPassword!)).statusCode).toBe(204);
    expect(await ensureInitialAdmin(users, t.container.userAdmin, 'other', 'other-password')).toBeUndefined();
  });

  it('creates, lists, changes the password of and deletes users', async () => {
    expect(await run(['create', 'carol'], { password: 'carols-password', staff: true })).toBe(0);
    expect(await run(['list'])).toBe(0);
    expect(output.join('\n')).toMatch(/carol\tstaff/);
    expect(output.join('\n')).toMatch(/admin\tsuperuser,staff/);
    expect((await new Client(t.app).login('carol', 'carols-password')).statusCode).toBe(204);

    expect(await run(['passwd', 'carol'])).toBe(0);
    const generated = output[0]!.split(' ').pop()!;
    expect((await new Client(t.app).login('carol', generated)).statusCode).toBe(204);

    expect(await run(['delete', 'carol'])).toBe(0);
    expect(await run(['delete', 'carol'])).toBe(1);
    expect(output.join()).toMatch(/No user named carol/);
  });

  it('refuses to delete the last superuser', async () => {
    expect(await run(['delete', 'admin'])).toBe(1);
    expect(output.join()).toMatch(/last active superuser/);
  });
});
