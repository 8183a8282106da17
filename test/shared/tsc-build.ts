import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { NODE_24, repoRoot } from './run.js';

/** What `tsc -b` said of one project: the files of its program (with `--listFiles`) and everything else it printed. */
export interface ProjectOutput {
  readonly files: readonly string[];
  /** Its errors, paths relative to the folder it ran in; empty when it compiled. */
  readonly errors: string;
}

/**
 * Checks several TypeScript projects (tsconfig paths relative to `cwd`) with one `tsc -b`: one process parses a
 * declaration file once for all of them, where a `tsc -p` each parses it again. `--verbose` names each project
 * before its output, which is how the output is told apart. A project that prints no section of its own, or a run
 * that failed with no error in any section, gets the whole output as its errors, so nothing passes unseen.
 */
export function buildProjects(cwd: string, projects: readonly string[], args: readonly string[] = []): Promise<Map<string, ProjectOutput>> {
  const tsc = resolve(repoRoot, 'node_modules/typescript/bin/tsc');
  const environment: Record<string, string | undefined> = { ...process.env };
  delete environment.NODE_OPTIONS; // vitest's flags are for vitest's own Node
  return new Promise((done) => {
    execFile(
      NODE_24,
      [tsc, '-b', ...projects, '--verbose', '--pretty', 'false', ...args],
      { cwd, env: environment, timeout: 240_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const whole = `${stdout}\n${stderr}`.trim();
        const sections = new Map<string, string[]>();
        let current: string[] | undefined;
        for (const line of stdout.split('\n')) {
          // `<time> - Building project '<absolute path>'...` opens a project's section; every other line that
          // starts with the time is progress, and so is what comes before the first section (the list of projects).
          const progress = /^\d{1,2}[:.]\d{2}[:.]\d{2}[^-]* - (.*)$/.exec(line);
          const building = /^Building project '(.+)'\.\.\.$/.exec(progress?.[1] ?? '');
          if (building) {
            current = [];
            sections.set(building[1]!, current);
          } else if (!progress && line.trim() !== '') current?.push(line);
        }
        const outputs = new Map<string, ProjectOutput>();
        for (const project of projects) {
          const lines = sections.get(resolve(cwd, project));
          outputs.set(project, {
            files: (lines ?? []).filter((line) => line.startsWith('/')),
            errors: lines === undefined ? `no output of its own from tsc -b:\n${whole}` : lines.filter((line) => !line.startsWith('/')).join('\n'),
          });
        }
        if (error !== null && [...outputs.values()].every((output) => output.errors === '')) {
          for (const [project, output] of outputs) outputs.set(project, { ...output, errors: `tsc -b failed (${error.message}):\n${whole}` });
        }
        done(outputs);
      },
    );
  });
}
