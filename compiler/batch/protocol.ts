// Messages between the batch driver and its workers. Bytes travel as transferred buffers (no copies):
// the driver only cuts its input at line ends; decoding, parsing and encoding happen in the worker.

export interface TaskMessage {
  seq: number;
  /** 0-based line number of the first line in `bytes` (a record's default id). */
  firstLine: number;
  /** Byte offset of `bytes` in the input (for invalid UTF-8 errors). */
  firstByte: number;
  /** Whole lines of UTF-8 input. */
  bytes: Uint8Array;
}

export interface ResultMessage {
  seq: number;
  /** UTF-8 output lines, each ending in "\n". */
  bytes: Uint8Array;
  records: number;
  errors: number;
}
