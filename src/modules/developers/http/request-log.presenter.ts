import { isoTime } from '../../../common/http/iso-time';
import type { RequestLogLine } from '../../request-logs/domain/request-log';

/** A request log line as the developer page lists it. */
export const presentRequestLogLine = (line: RequestLogLine) => ({
  id: line.id,
  created_at: isoTime(line.createdAt),
  method: line.method,
  route: line.route,
  path: line.path,
  status: line.status,
  duration_ms: line.durationMs,
  request_id: line.requestId,
  key_id: line.keyId,
});

/** A request log line with its bodies, as the developer page opens it. */
export const presentRequestLogDetail = (line: RequestLogLine) => ({
  ...presentRequestLogLine(line),
  request_body: line.requestBody?.text ?? null,
  request_body_truncated: line.requestBody?.truncated ?? false,
  response_body: line.responseBody?.text ?? null,
  response_body_truncated: line.responseBody?.truncated ?? false,
});
