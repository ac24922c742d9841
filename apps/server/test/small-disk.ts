// A real, small file system (tmpfs) that a test can fill to the last byte and free again: a full
// disk without filling the machine's own. Mounting needs root (or CAP_SYS_ADMIN); elsewhere
// mountSmallDisk says why it cannot, and the tests that need it are skipped with that reason.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SmallDisk {
  dir: string;
  /** Writes a file until the disk refuses (ENOSPC): not a byte left. */
  fill: () => void;
  /** Removes what fill wrote. */
  free: () => void;
  unmount: () => void;
}

export function mountSmallDisk(megabytes: number): SmallDisk | { unavailable: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0777`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    const said = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return { unavailable: `cannot mount a tmpfs (needs root): ${said || String(error)}` };
  }
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill() {
      const chunk = Buffer.alloc(1024 * 1024, 1);
      const fd = fs.openSync(filler, 'a');
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        fs.closeSync(fd);
      }
      // The last partial megabyte, a kilobyte at a time.
      const small = Buffer.alloc(1024, 1);
      const again = fs.openSync(filler, 'a');
      try {
        for (;;) fs.writeSync(again, small);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        fs.closeSync(again);
      }
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
