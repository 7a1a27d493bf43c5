import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import { DeliveryAttemptLog, type InspectedAttempt } from '../../domain/delivery-attempt-log';

interface Row {
  delivery_id: string;
  attempt: number;
  started_at: Date;
  duration_ms: number;
  request_headers: Record<string, string> | null;
  status_code: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
  response_body_truncated: boolean;
  error: string | null;
}

/** The attempts of the mode's deliveries (managerOf joins the attempt's unit of work). */
@Injectable()
export class TypeOrmDeliveryAttemptLog extends DeliveryAttemptLog {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async record(attempt: InspectedAttempt): Promise<void> {
    await managerOf(this.dataSource).query(
      `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, started_at, duration_ms, request_headers, status_code,
                                              response_headers, response_body, response_body_truncated, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (delivery_id, attempt) DO NOTHING`,
      [
        attempt.deliveryId,
        attempt.attempt,
        attempt.startedAt,
        attempt.durationMs,
        attempt.requestHeaders === null ? null : JSON.stringify(attempt.requestHeaders),
        attempt.statusCode,
        attempt.response === null ? null : JSON.stringify(attempt.response.headers),
        attempt.response?.body ?? null,
        attempt.response?.bodyTruncated ?? false,
        attempt.error,
      ],
    );
  }

  async ofDelivery(deliveryId: string): Promise<InspectedAttempt[]> {
    const rows: Row[] = await managerOf(this.dataSource).query(
      `SELECT delivery_id, attempt, started_at, duration_ms, request_headers, status_code, response_headers, response_body,
              response_body_truncated, error
         FROM webhook_delivery_attempts WHERE delivery_id = $1 ORDER BY attempt`,
      [deliveryId],
    );
    return rows.map((row) => ({
      deliveryId: row.delivery_id,
      attempt: row.attempt,
      startedAt: row.started_at,
      durationMs: row.duration_ms,
      requestHeaders: row.request_headers,
      statusCode: row.status_code,
      response:
        row.response_headers === null
          ? null
          : { headers: row.response_headers, body: row.response_body ?? '', bodyTruncated: row.response_body_truncated },
      error: row.error,
    }));
  }
}
