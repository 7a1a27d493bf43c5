import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../common/errors/domain-error';
import { isoTime } from '../../../common/http/iso-time';
import type { Principal } from '../../../common/http/principal';
import { UserDirectory } from '../../auth/domain/user-directory';
import { KeysService } from '../../keys/domain/keys.service';

/** The caller as `GET /v1/me` and the MCP tool `whoami` show it (API.md sections 3 and 9). */
@Injectable()
export class MePresenter {
  constructor(
    private readonly users: UserDirectory,
    private readonly keys: KeysService,
  ) {}

  async me(principal: Principal) {
    const [user, key] = await Promise.all([this.users.findById(principal.userId), this.keyOf(principal)]);
    if (!user) throw new NotFoundError('USER_NOT_FOUND', 'Account not found');
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      username: user.username,
      email_verified: user.emailVerified,
      scopes: [...principal.scopes],
      key,
    };
  }

  /** The calling key as the Principal carries it (no statement: the key cache), or as stored when it does not. */
  private async keyOf(principal: Principal) {
    const {
      keyId: id,
      label,
      mode,
      scopes,
      listIds,
      expiresAt,
      allowedIps,
    } = principal.label === undefined ? await this.storedKey(principal) : principal;
    return {
      id,
      label,
      mode,
      scopes: [...scopes],
      list_ids: listIds,
      expires_at: isoTime(expiresAt),
      allowed_ips: allowedIps ?? null,
    };
  }

  private async storedKey(principal: Principal) {
    const { id, ...props } = (await this.keys.get(principal.userId, principal.keyId)).toProps();
    return { ...props, keyId: id };
  }
}
