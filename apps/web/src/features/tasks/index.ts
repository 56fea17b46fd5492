/** Following a task the page started (`GET /api/task/by-id/{id}/`) and showing its outcome. */
export { TaskOutcome } from './components/task-outcome.tsx';
export { getTask, isFinished, taskKeys, useTaskOutcome } from './api/get-task.ts';
