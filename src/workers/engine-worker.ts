/** The module each EnginePool worker thread loads: piscina calls its default export with each task. */
import { runEngineTask, type EngineResult, type EngineTask } from './engine-tasks';

export default function engineWorker(task: EngineTask): EngineResult {
  return runEngineTask(task);
}
