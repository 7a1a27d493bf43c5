import type { ServerResponse } from 'node:http';

const CAPTURED = Symbol('captured body');

type Capturing = ServerResponse & { [CAPTURED]?: string | null };

/**
 * Asks that the text of this response's body be kept on it (the request log's middleware, for
 * the /v1/ and /mcp requests it logs). Only responses asked for keep theirs: every other answer
 * costs one property read.
 */
export function captureBody(res: ServerResponse): void {
  (res as Capturing)[CAPTURED] = null;
}

/** The body of this response was asked for: a writer that has no text at hand makes it only then. */
export function wantsBody(res: ServerResponse): boolean {
  return (res as Capturing)[CAPTURED] === null;
}

/** Called by the writers of JSON answers (sendEnvelope, MCP's): keeps `text` if the body was asked for. */
export function noteBody(res: ServerResponse, text: string): void {
  if ((res as Capturing)[CAPTURED] === null) (res as Capturing)[CAPTURED] = text;
}

/** The body's text noted on a response asked for; undefined when none was written through noteBody. */
export function capturedBody(res: ServerResponse): string | undefined {
  return (res as Capturing)[CAPTURED] ?? undefined;
}
