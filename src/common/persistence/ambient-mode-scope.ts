import { Injectable } from '@nestjs/common';
import type { KeyMode } from '../auth/principal';
import { ModeScope } from '../ports/mode-scope';
import { runInMode } from './work-context';

/** ModeScope over the work context: the statements of `work` pick the mode's pool (dataSourceFor). */
@Injectable()
export class AmbientModeScope extends ModeScope {
  run<T>(mode: KeyMode, work: () => Promise<T>): Promise<T> {
    return runInMode(mode, work);
  }
}
