// The closing lines of .ci/run: vitest's "Tests  N passed | M failed" lines of a log added up, the suite's wall
// time, each vitest run's (named by its VITEST_JSON_LABEL), and the slowest ten tests (from the JSON reports
// vitest wrote in VITEST_JSON_DIR).
// node scripts/test-summary.mjs <log> [<json dir> <start, epoch seconds>]
import fs from "node:fs";
import path from "node:path";

const [logPath, jsonDir, startSeconds] = process.argv.slice(2);
const text = fs.readFileSync(logPath, "utf8").replace(/\x1b\[[0-9;]*m/g, "");
let passed = 0;
let failed = 0;
let skipped = 0;
for (const line of text.split("\n")) {
  const m = /^\s*Tests\s+(.*)$/.exec(line);
  if (!m) continue;
  passed += Number(/(\d+) passed/.exec(m[1])?.[1] ?? 0);
  failed += Number(/(\d+) failed/.exec(m[1])?.[1] ?? 0);
  skipped += Number(/(\d+) skipped/.exec(m[1])?.[1] ?? 0);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")} s`;
const root = path.resolve(import.meta.dirname, "..");

if (jsonDir && fs.existsSync(jsonDir)) {
  // <label>-<time>-<pid>.json (vitest.config.ts)
  const reports = fs
    .readdirSync(jsonDir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => ({ label: f.split("-")[0], ...JSON.parse(fs.readFileSync(path.join(jsonDir, f), "utf8")) }))
    .sort((a, b) => a.startTime - b.startTime);
  const tests = [];
  console.log("vitest runs:");
  for (const report of reports) {
    const files = report.testResults;
    const end = Math.max(report.startTime, ...files.map((f) => f.endTime ?? 0));
    const projects = new Set(files.map((f) => path.relative(root, f.name).split(path.sep)[1]));
    const name = `${[...projects].join(" + ")} (${report.label})`;
    console.log(`  ${name.padEnd(36)} ${String(files.length).padStart(3)} files  ${minutes(end - report.startTime)}`);
    for (const file of files) {
      for (const t of file.assertionResults)
        tests.push({ name: `${path.relative(root, file.name)} > ${t.fullName}`, duration: t.duration ?? 0 });
    }
  }
  console.log("slowest tests:");
  for (const t of tests.sort((a, b) => b.duration - a.duration).slice(0, 10))
    console.log(`  ${seconds(t.duration).padStart(8)}  ${t.name}`);
}
if (startSeconds) console.log(`wall time: ${minutes(Date.now() - Number(startSeconds) * 1000)}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
