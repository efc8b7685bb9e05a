// Debian packages the app and its tests need at run time: Chromium for the browser tests,
// libusb for node-hid, poppler's pdftoppm to render label PDFs back to pixels in tests, and
// gnome-keyring with a D-Bus session runner so the keyring vault is tested against a real Secret
// Service (test/integration/vault/keyring-real.test.ts). Installed here when running as root (CI, fresh dev containers); otherwise
// the exact command is printed, because silently skipping browser tests would hide failures.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const NEEDED = [
  { pkg: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  { pkg: 'poppler-utils', present: () => existsSync('/usr/bin/pdftoppm') },
  { pkg: 'libusb-1.0-0', present: () => /libusb-1\.0\.so\.0/.test(safe('ldconfig -p')) },
  // Optional: without them the real-keychain test is skipped (and says why) instead of failing the run.
  { pkg: 'dbus', present: () => existsSync('/usr/bin/dbus-run-session'), optional: true },
  { pkg: 'gnome-keyring', present: () => existsSync('/usr/bin/gnome-keyring-daemon'), optional: true },
];

function safe(cmd) {
  try {
    return execSync(cmd, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return '';
  }
}

export function ensureSystemPackages() {
  let missing = NEEDED.filter((n) => !n.present()).map((n) => n.pkg);
  if (missing.length === 0) return { ok: true, missing };
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing system packages: ${missing.join(', ')}`);
    spawnSync('sh', ['-c', command], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    missing = NEEDED.filter((n) => !n.present()).map((n) => n.pkg);
  }
  const required = missing.filter((pkg) => !NEEDED.find((n) => n.pkg === pkg)?.optional);
  // One sudo for both commands: `sudo apt-get update && apt-get install` ran the install unprivileged.
  return { ok: required.length === 0, missing, hint: `Install them with: sudo sh -c '${command}'` };
}
