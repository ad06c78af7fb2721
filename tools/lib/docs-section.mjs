// @ts-check
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Rewrites the part of a docs page between `<!-- <name>:start … -->` and `<!-- <name>:end -->`.
 * A page without that section gets it appended (what the page already says is kept); a missing
 * page is created around it. Used by `npm run bench` and `npm run drills`.
 * @param {string} file
 * @param {{ name: string, title: string, command: string, script: string }} section
 * @param {string} report
 */
export function writeDocsSection(file, { name, title, command, script }, report) {
  const start = `<!-- ${name}:start (written by npm run ${command}) -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${report}\n${end}`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (text.includes(start) && text.includes(end)) {
    text = text.slice(0, text.indexOf(start)) + block + text.slice(text.indexOf(end) + end.length);
  } else if (text.trim()) {
    text = `${text.trimEnd()}\n\n## ${title} — last run\n\n${block}\n`;
  } else {
    text = `# ${title}\n\nMeasured with \`npm run ${command}\` (${script}). The section between the markers is rewritten by each run.\n\n## Last run\n\n${block}\n`;
  }
  writeFileSync(file, text);
}
