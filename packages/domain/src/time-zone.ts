/**
 * Whether a project time zone is one this runtime can compute with and that names a place (or UTC):
 * an IANA name Intl accepts whose canonical form is in `Intl.supportedValuesOf('timeZone')`, or 'UTC'.
 * Refused: made-up names ('x', 'Mars/Olympus'), fixed offsets ('+08:00', 'Etc/GMT-8': no daylight
 * saving, and the POSIX sign of Etc/GMT is the reverse of what it reads), and names in another case
 * than the canonical one ('asia/shanghai': other runtimes may not take them). Links the runtime knows
 * (Asia/Kolkata → Asia/Calcutta, US/Pacific) pass: they are IANA names too.
 */
export function isIanaTimeZone(name: string): boolean {
  if (name === 'UTC') return true;
  if (!/^[A-Z][A-Za-z_-]*(\/[A-Z0-9][A-Za-z0-9_+-]*)+$/.test(name)) return false;
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  if (canonical !== name && canonical.toLowerCase() === name.toLowerCase()) return false;
  return canonical === 'UTC' || supportedZones().has(canonical);
}

let zones: Set<string> | undefined;
const supportedZones = () => (zones ??= new Set(Intl.supportedValuesOf('timeZone')));
