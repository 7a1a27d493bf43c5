import { PageQuery } from '../../../../common/http/page.query';

/** Query of GET /v1/lists. */
export class ListPageQuery extends PageQuery {}
