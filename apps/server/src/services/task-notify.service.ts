import { NOTIFY_TASK_NAMES, type NotifyTestResponse, type NotifyUrlList } from '@tubekeeper/contract';
import type { TaskRow } from '../db/tables.ts';
import { badRequest } from '../errors.ts';
import type { AppriseRepository } from '../repositories/apprise.repository.ts';
import type { SettingsRepository } from '../repositories/settings.repository.ts';
import { TASK_DEFINITIONS, taskDefinition } from './task-definitions.ts';
import { taskState } from './task.service.ts';

/** Upstream keeps the URLs in the config document `notify` as `{task_name: [urls]}`. */
export const NOTIFY_KEY = 'notify';

interface Logger {
  warn(object: unknown, message?: string): void;
}

type UrlMap = Partial<Record<string, string[]>>;

/**
 * Apprise URLs per task (upstream §1.8 `/api/task/notification/`) and the message a finished run sends
 * to them (§4.3): title "[TA] <title> process ended with <state>", body the run's result. A failed send is
 * logged and never touches the task.
 */
export class TaskNotifyService {
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly settings: SettingsRepository,
    private readonly apprise: AppriseRepository,
    private readonly log: Logger,
  ) {}

  async list(): Promise<NotifyUrlList> {
    const map = await this.read();
    const list: NotifyUrlList = {};
    for (const name of NOTIFY_TASK_NAMES) {
      const urls = map[name];
      if (urls?.length) list[name] = { urls, title: TASK_DEFINITIONS[name].title };
    }
    return list;
  }

  async add(taskName: string, url: string): Promise<NotifyUrlList> {
    this.check(taskName);
    const map = await this.read();
    const urls = map[taskName] ?? [];
    if (!urls.includes(url)) map[taskName] = [...urls, url];
    await this.settings.putAppSetting(NOTIFY_KEY, map);
    return this.list();
  }

  /** One URL, or all of the task's URLs when `url` is left out. */
  async remove(taskName: string, url?: string): Promise<void> {
    this.check(taskName);
    const map = await this.read();
    const left = url === undefined ? [] : (map[taskName] ?? []).filter((u) => u !== url);
    if (left.length) map[taskName] = left;
    else delete map[taskName];
    await this.settings.putAppSetting(NOTIFY_KEY, map);
  }

  /** Sends a test message to one URL; the answer says whether it arrived (the route answers 400 when not). */
  async test(url: string, taskName?: string): Promise<NotifyTestResponse> {
    const title = taskName && taskDefinition(taskName) ? taskDefinition(taskName)!.title : 'Tubekeeper';
    try {
      await this.apprise.send([url], `[TA] Test notification: ${title}`, 'This is a test notification.');
      return { success: true, message: 'Test notification sent.' };
    } catch (error) {
      return { success: false, message: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Sends a finished run's summary to its task's URLs, in the background; nothing without URLs or text. */
  taskFinished(row: TaskRow): void {
    if (!row.result) return;
    const send = (async () => {
      const urls = (await this.read())[row.name];
      if (!urls?.length) return;
      const title = `[TA] ${row.title} process ended with ${taskState(row.status)}`;
      await this.apprise.send(urls, title, row.result!);
    })()
      .catch((error: unknown) =>
        this.log.warn({ err: error, task: row.name }, `notification for ${row.name} not sent`),
      )
      .finally(() => this.sending.delete(send));
    this.sending.add(send);
  }

  /** Resolves when no notification is on its way (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.sending.size) await Promise.allSettled([...this.sending]);
  }

  private check(taskName: string): void {
    if (!(NOTIFY_TASK_NAMES as readonly string[]).includes(taskName)) {
      throw badRequest(`task '${taskName}' does not send notifications`);
    }
  }

  private async read(): Promise<UrlMap> {
    const stored = await this.settings.getAppSetting(NOTIFY_KEY);
    return typeof stored === 'object' && stored !== null ? { ...(stored as UrlMap) } : {};
  }
}
