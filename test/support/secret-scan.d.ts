import type { Client } from 'pg';

export interface RecordedSecret {
  kind: string;
  value: string;
}
export interface Finding {
  where: string;
  secret: string;
}
export const MIN_SECRET_LENGTH: number;
export function findSecrets(texts: Iterable<{ where: string; text: string }>, secrets: RecordedSecret[]): Finding[];
export function scanDatabase(client: Client, secrets: RecordedSecret[]): Promise<Finding[]>;
export function readLedger(dir: string): { secrets: RecordedSecret[]; logs: Array<{ where: string; text: string }> };
export function formatFindings(findings: Finding[]): string;
export function describeSecret(secret: RecordedSecret): string;
export function tokensInText(text: string): string[];
