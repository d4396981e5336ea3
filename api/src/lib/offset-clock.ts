import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import type { Clock } from '../context';

/**
 * The system clock plus an offset read from a file (CLOCK_OFFSET_FILE): the browser tests' control
 * API writes the file to move the running product's time, e.g. past a schedule's start. The file is
 * polled (fs.watchFile) rather than watched by events so that it works on every file system, and an
 * absent, empty or unreadable file means no offset.
 */
export function fileOffsetClock(file: string, pollMs = 50): Clock & { close(): void } {
  let offsetMs = 0;
  const read = () => {
    try {
      const value = Number(readFileSync(file, 'utf8').trim());
      offsetMs = Number.isFinite(value) ? value : 0;
    } catch {
      offsetMs = 0;
    }
  };
  read();
  watchFile(file, { interval: pollMs, persistent: false }, read);
  return {
    now: () => Date.now() + offsetMs,
    close: () => unwatchFile(file, read),
  };
}
