/** The shape of every JSON response the service sends. */
export interface Envelope<T extends object = object> {
  data: T | null;
  error: string | null;
}

export const success = <T extends object>(data: T): Envelope<T> => ({ data, error: null });
export const failure = (message: string): Envelope => ({ data: null, error: message });
