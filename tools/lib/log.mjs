// @ts-check
// Console output of the tools: the launcher's own lines (info/ok/warn/fail), child lines prefixed
// with their name (pino JSON made readable), and the timestamped lines of the bench and drills.
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
/** @param {number} code */
const paint = (code) => /** @param {unknown} text */ (text) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : String(text));
export const color = { bold: paint(1), dim: paint(2), red: paint(31), green: paint(32), yellow: paint(33), blue: paint(34), magenta: paint(35), cyan: paint(36) };

/** @param {string} message */
export const info = (message) => console.log(`${color.cyan('›')} ${message}`);
/** @param {string} message */
export const ok = (message) => console.log(`${color.green('✓')} ${message}`);
/** @param {string} message */
export const warn = (message) => console.warn(`${color.yellow('!')} ${message}`);
/** @param {string} message */
export const fail = (message) => console.error(`${color.red('✗')} ${message}`);

/** A line prefixed with the time of day (UTC), for long measurement runs. @param {...unknown} args */
export const log = (...args) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

/** @type {Record<number, string>} */
const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/**
 * A pino JSON line becomes "LEVEL message (error)"; any other line stays as it is.
 * @param {string} line
 */
export function formatChildLine(line) {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line);
    if (typeof entry.level !== 'number' || entry.msg === undefined) return line;
    const level = LEVELS[entry.level] ?? String(entry.level);
    const paintLevel = entry.level >= 50 ? color.red : entry.level >= 40 ? color.yellow : color.dim;
    const error = entry.err?.message ? ` — ${entry.err.message}` : '';
    const context = entry.context ? color.dim(` [${entry.context}]`) : '';
    return `${paintLevel(level)}${context} ${entry.msg}${error}`;
  } catch {
    return line;
  }
}
