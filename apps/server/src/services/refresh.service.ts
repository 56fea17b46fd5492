import type {
  RefreshRequest,
  RefreshStartResponse,
  RefreshStatus,
  RefreshStatusQuery,
} from '@tubekeeper/contract';
import type { ReindexService } from './reindex.service.ts';
import type { TaskService } from './task.service.ts';

/** The refresh API (upstream §1.3): queue ids for check_reindex and start it; the queue's state. */
export class RefreshService {
  constructor(
    private readonly reindex: ReindexService,
    private readonly tasks: Pick<TaskService, 'start'>,
  ) {}

  /** A reindex that already runs picks the new ids up; the answer then names that run. */
  async start(body: RefreshRequest, extractVideos: boolean): Promise<RefreshStartResponse> {
    await this.reindex.request(body, extractVideos);
    const started = await this.tasks.start('check_reindex', { manual: true });
    return { message: 'reindex task started', task_id: started.task_id };
  }

  status(query: RefreshStatusQuery): Promise<RefreshStatus> {
    return this.reindex.status(query);
  }
}
