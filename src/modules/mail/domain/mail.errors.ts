import { NotFoundError } from '../../../common/errors/domain-error';

export class DeadMailNotFound extends NotFoundError {
  constructor() {
    super('DEAD_MAIL_NOT_FOUND', 'No dead mail has that id');
  }
}
