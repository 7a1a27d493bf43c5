import { NotFoundError } from '../../../common/errors/domain-error';

/** Unknown, another account's, another mode's or past its 24 hours: the same answer. */
export class RequestLogNotFound extends NotFoundError {
  constructor() {
    super('REQUEST_LOG_NOT_FOUND', 'Request log line not found');
  }
}
