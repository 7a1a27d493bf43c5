import { Injectable } from '@nestjs/common';
import { MePresenter } from '../../profile/application/me.presenter';
import type { ToolHandlers } from './tool-handlers';
import type { ToolOutput } from './tool-schemas';

/** The profile's tool, a thin call of what its route calls. */
@Injectable()
export class ProfileTools {
  constructor(private readonly me: MePresenter) {}

  readonly handlers: Pick<ToolHandlers, 'whoami'> = {
    /** GET /v1/me */
    whoami: async (caller) => ({ data: (await this.me.me(caller)) as ToolOutput<'whoami'> }),
  };
}
