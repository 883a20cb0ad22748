import fs from 'node:fs';
import path from 'node:path';

/**
 * The rules of docs/client-conventions.md as checks of one file's text: each returns what in the file
 * breaks its rule ("file -> import", "file: what"), so a test can run it over the tree (nothing found)
 * and feed it a bad file (found).
 */

export const ROOT = path.resolve(import.meta.dirname, '..');

export type Import = { from: string; spec: string; names: string; typeOnly: boolean; target: string | null };

/** A check of one file: what in it breaks the rule. */
export type FileCheck = (file: string, text: string) => string[];

export function filesUnder(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.posix.join(dir, name.split(path.sep).join('/')));
}

export const textOf = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** What a check finds in every file under the folders. */
export function violationsUnder(check: FileCheck, ...dirs: string[]): string[] {
  return dirs.flatMap(filesUnder).flatMap((file) => check(file, textOf(file)));
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** A specifier's file, relative to the repository root (null for a package). */
function resolveSpec(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
}

export function importsOf(file: string, text: string): Import[] {
  const found: Import[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[3] ?? match[4] ?? match[5] ?? '';
    const clause = match[2] ?? '';
    // `import type {...}`, or braces whose every name is `type X`.
    const names = clause.match(/\{([^}]*)\}/)?.[1];
    const allTypes =
      names !== undefined &&
      !clause.replace(/\{[^}]*\}/, '').trim() &&
      names
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type '));
    found.push({
      from: file,
      spec,
      names: clause,
      typeOnly: Boolean(match[1]) || allTypes,
      target: resolveSpec(file, spec),
    });
  }
  return found;
}

export const describeImport = (imp: Import) => `${imp.from} -> ${imp.spec}`;
export const under = (target: string | null, ...dirs: string[]) =>
  target !== null && dirs.some((dir) => target === dir || target.startsWith(`${dir}/`));

/** A check made of a test on each import of the file. */
const importCheck =
  (bad: (imp: Import) => boolean): FileCheck =>
  (file, text) =>
    importsOf(file, text).filter(bad).map(describeImport);

/** machines/ imports nothing of src/ (the domain is their common ground). */
export const machinesImportNoApp = importCheck(
  (imp) => imp.from.startsWith('machines/') && under(imp.target, 'src'),
);

/**
 * One paged list: a list keeps its search, filter, sort and rows shown in usePagedList (URL or local mode)
 * and grows with its one pager, ListPager (Show more). A second way is a list's own offset state, a load
 * whose input is a page's offset, a <Pagination>, or the pager drawn outside ListPager.
 */
const PAGED_LIST_HOME = [
  'src/modules/shared/hooks/usePagedList.ts',
  'src/modules/shared/hooks/useLocalListQuery.ts',
  'src/modules/shared/hooks/useAddressListQuery.ts',
];
const PAGER_HOMES = ['src/modules/shared/components/ListPager.tsx', 'src/ui/ShowMore.tsx'];
const SECOND_PAGED_LIST: [RegExp, string][] = [
  [/<Pagination\b|\/ui\/Pagination(\.tsx)?['"]/, 'a <Pagination> (the pager is ListPager)'],
  [
    /useState\s*(<[^>]*>)?\s*\(\s*\{[^}]*\boffset\b|const\s*\[\s*\w*([oO]ffset|[pP]aging)\w*\s*,\s*set\w+\s*\]\s*=\s*useState/,
    'its own offset state (use usePagedList)',
  ],
  [/\(\s*\w+\s*:\s*\{\s*offset\s*:\s*number\b/, 'a load keyed by a page offset (use usePagedList)'],
];
export const onePagedList: FileCheck = (file, text) => {
  if (PAGED_LIST_HOME.includes(file) || file.startsWith('src/api/')) return [];
  const found = SECOND_PAGED_LIST.filter(([pattern]) => pattern.test(text)).map(
    ([, what]) => `${file}: ${what}`,
  );
  // The design-system showcase shows the pager by itself.
  if (/<ShowMore\b/.test(text) && !PAGER_HOMES.includes(file) && !file.startsWith('src/modules/showcase/'))
    found.push(`${file}: the pager outside ListPager`);
  return found;
};

/** Only the request layers (src/api, the public pages' preferenceClient, the tracking script's transport) call fetch or XMLHttpRequest. */
const REQUEST_LAYERS = [
  'src/api/',
  'public-pages/preferenceClient.ts',
  'public-pages/journey/journeyTransport.ts',
];
export const fetchOnlyInRequestLayers: FileCheck = (file, text) => {
  if (REQUEST_LAYERS.some((layer) => file.startsWith(layer))) return [];
  const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  return /(?<![\w.$])fetch\s*\(|\b(window|globalThis|self)\.fetch\b|\bnew\s+XMLHttpRequest\b|\bnavigator\.sendBeacon\b/.test(
    code,
  )
    ? [`${file}: a request outside the request layers`]
    : [];
};

/** A package's name and the path asked for inside it ('@scope/pkg/a/b' -> ['@scope/pkg', 'a/b']). */
function packagePath(spec: string): [string, string] | null {
  if (spec.startsWith('.') || spec.startsWith('/') || /^[a-z]+:/.test(spec)) return null;
  const parts = spec.split('/');
  const size = spec.startsWith('@') ? 2 : 1;
  return [parts.slice(0, size).join('/'), parts.slice(size).join('/')];
}

/** The paths a package's exports map offers ("./lib/*"), or null for a package without one. */
function exportedPaths(name: string): string[] | null {
  const file = path.join(ROOT, 'node_modules', name, 'package.json');
  if (!fs.existsSync(file)) return null;
  const exports = (JSON.parse(fs.readFileSync(file, 'utf8')) as { exports?: unknown }).exports;
  if (exports === undefined) return null;
  if (typeof exports === 'string' || Array.isArray(exports)) return ['.'];
  const keys = Object.keys(exports as object);
  // A map of conditions ({ import, require }) exports the package's root only.
  return keys.some((key) => key.startsWith('.')) ? keys : ['.'];
}

const offered = (key: string, wanted: string) =>
  key === wanted ||
  (key.includes('*') &&
    new RegExp(
      `^${key
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    ).test(wanted));

/**
 * No import of a package's private path: a subpath its exports map does not offer, or for a package
 * without one, a path into its build or source folders (lib, dist, src, build, internal, esm, cjs).
 */
export const noPrivatePackagePath: FileCheck = importCheck((imp) => {
  const at = packagePath(imp.spec);
  if (!at || at[1] === '') return false;
  const [name, sub] = at;
  const paths = exportedPaths(name);
  if (paths === null) return /^(lib|dist|src|build|internal|esm|cjs)(\/|$)/.test(sub);
  return !paths.some((key) => offered(key, `./${sub}`));
});

/**
 * Two background mechanisms on the server: jobs on pg-boss, each defined one way in server/lib/jobs
 * (startJob, startPeriodicJob: its queue, retries and handler; pg-boss's schedule for periodic work), and
 * the leased queue of email (the outbox's and the marketing sends' delivery loops). Anything else that
 * runs by itself is a second way: a timer loop of its own (setInterval, a setTimeout that calls its own
 * function again, a timer or a sleep in a loop) or pg-boss taken directly (new PgBoss, boss.work/fetch).
 */
const JOBS_HOME = 'server/lib/jobs/';
const LEASED_EMAIL_QUEUE = [
  'server/services/delivery/deliveryLoop.ts',
  'server/services/delivery/leasedQueue.ts',
  'server/services/delivery/startDeliveryWorker.ts',
  'server/services/delivery/startOutboxDelivery.ts',
];

/** The index just after the bracket that closes the one at `open` (strings are not told apart). */
function afterClosing(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i += 1) {
    const c = code[i];
    if (c === '(' || c === '{' || c === '[') depth += 1;
    else if (c === ')' || c === '}' || c === ']') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return code.length;
}

type Span = { name: string; start: number; end: number };

/** The body that follows a parameter list or loop head ending at `at`: braces, or an arrow's expression. */
function bodyAfter(code: string, at: number): [number, number] | null {
  const rest = code.slice(at);
  const braces = rest.match(/^\s*(?::[^{;=]*?)?\s*(?:=>)?\s*\{/);
  if (braces) {
    const open = at + braces[0].length - 1;
    return [open, afterClosing(code, open)];
  }
  const arrow = rest.match(/^\s*(?::[^=;{]*?)?=>/);
  if (!arrow) return null;
  const start = at + arrow[0].length;
  const end = code.indexOf('\n', start);
  return [start, end === -1 ? code.length : end];
}

const NOT_A_FUNCTION = new Set([
  'if',
  'for',
  'while',
  'switch',
  'catch',
  'return',
  'function',
  'await',
  'new',
]);
const FUNCTION_HEADS = [
  /\bfunction\s*\*?\s*(\w+)\s*(?:<[^>]*>)?\s*(\()/g,
  /\b(?:const|let)\s+(\w+)\s*=\s*(?:async\s*)?(\()/g,
  /^[ \t]*(?:(?:private|public|protected|static|async|override)\s+)*(\w+)\s*(?:<[^>()]*>)?\s*(\()/gm,
];

/** Named functions and methods with their bodies. */
function functionSpans(code: string): Span[] {
  return FUNCTION_HEADS.flatMap((head) =>
    [...code.matchAll(head)].flatMap((match) => {
      const name = match[1] ?? '';
      if (NOT_A_FUNCTION.has(name)) return [];
      const paren = (match.index ?? 0) + match[0].length - 1;
      const body = bodyAfter(code, afterClosing(code, paren));
      return body ? [{ name, start: body[0], end: body[1] }] : [];
    }),
  );
}

/** The bodies of while, for and do loops. */
function loopSpans(code: string): Span[] {
  const heads = [...code.matchAll(/\b(?:while|for(?:\s+await)?)\s*\(/g)].flatMap((match) => {
    const body = bodyAfter(code, afterClosing(code, (match.index ?? 0) + match[0].length - 1));
    return body ? [{ name: 'loop', start: body[0], end: body[1] }] : [];
  });
  const dos = [...code.matchAll(/\bdo\s*\{/g)].map((match) => {
    const open = (match.index ?? 0) + match[0].length - 1;
    return { name: 'loop', start: open, end: afterClosing(code, open) };
  });
  return [...heads, ...dos];
}

/** The first argument of the call whose parenthesis is at `paren`. */
function firstArgument(code: string, paren: number): string {
  let depth = 0;
  for (let i = paren + 1; i < code.length; i += 1) {
    const c = code[i];
    if (c === '(' || c === '{' || c === '[') depth += 1;
    else if (c === ')' || c === '}' || c === ']') {
      if (depth === 0) return code.slice(paren + 1, i);
      depth -= 1;
    } else if (c === ',' && depth === 0) return code.slice(paren + 1, i);
  }
  return code.slice(paren + 1);
}

/** The function a timer's callback does nothing but call (`poll`, `() => void this.poll()`), if any. */
function calledBack(callback: string): string | null {
  const plain = callback.match(/^\s*(?:this\.)?(\w+)\s*$/);
  if (plain) return plain[1] ?? null;
  const arrow = callback.match(
    /^\s*(?:async\s*)?\(\s*\)\s*=>\s*\{?\s*(?:void\s+|await\s+)?(?:this\.)?(\w+)\s*\(/,
  );
  return arrow?.[1] ?? null;
}

export const twoBackgroundMechanisms: FileCheck = (file, text) => {
  if (file.startsWith(JOBS_HOME)) return [];
  const code = text.replace(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g, '');
  const found: string[] = [];
  if (/\bnew\s+PgBoss\b/.test(code)) found.push(`${file}: new PgBoss (pg-boss starts in server/lib/jobs)`);
  if (/\w*boss\??\.(work|fetch|offWork)\s*(?:<[^>()]*>)?\s*\(/i.test(code))
    found.push(`${file}: pg-boss workers of its own (define a job with server/lib/jobs)`);
  if (/\bnew\s+Rests\s*\(/.test(code))
    found.push(
      `${file}: a paced catch-up of its own (derived data is caught up by server/lib/jobs/CatchUpJob)`,
    );
  if (LEASED_EMAIL_QUEUE.includes(file)) return found;
  if (/(?<![.\w])setInterval\s*\(/.test(code)) found.push(`${file}: a timer loop of its own (setInterval)`);
  const functions = functionSpans(code);
  const loops = loopSpans(code);
  for (const call of code.matchAll(/(?<![.\w])(setTimeout|sleepUntilWork)\s*\(/g)) {
    const at = call.index ?? 0;
    // A loop that waits on a timer (a sleep: await setTimeout, new Promise(resolve => setTimeout(...)),
    // sleepUntilWork) polls; a timer a loop only sets (a time limit) does not.
    const before = code.slice(Math.max(0, at - 80), at);
    const sleeps =
      call[1] === 'sleepUntilWork' ||
      /(?:new\s+Promise\b[^;]*=>\s*\{?\s*(?:\w+\s*=\s*)?|await\s+)$/.test(before);
    if (sleeps && loops.some((loop) => loop.start < at && at < loop.end)) {
      found.push(`${file}: a polling loop (${call[1]} in a loop)`);
      continue;
    }
    if (call[1] !== 'setTimeout') continue;
    const again = calledBack(firstArgument(code, at + call[0].length - 1));
    if (again && functions.some((fn) => fn.name === again && fn.start < at && at < fn.end))
      found.push(`${file}: a timer loop of its own (setTimeout calls ${again} again)`);
  }
  return found;
};

const SPEC_CITATION =
  /\b(?:spec(?:ification)?\s+0?[12]\b|spec(?:ification)?\s+sections?\s+\d|DESIGN(?:\.md)?\s+(?:section\s+)?\d)/i;

/**
 * A comment states the rule its code implements, never "spec 02 section 4" (the spec's numbering moves; the
 * rule stays true): a line of production code that cites the spec or DESIGN.md by number.
 */
export const noSpecCitations: FileCheck = (file, text) =>
  text
    .split('\n')
    .flatMap((line, index) =>
      SPEC_CITATION.test(line) ? [`${file}:${index + 1}: cites the spec by number`] : [],
    );

/*
 * The server's structure (the README's "Where new things go", docs/architecture.md's service map): files
 * in server/services/<name>/ are named after their one export, routes files are thin, the services import
 * each other one way only, and no work is started with its errors dropped.
 */

/** The service a file of server/services belongs to (null outside them). */
export const serviceOf = (file: string | null): string | null =>
  file === null ? null : (/^server\/services\/([^/]+)\//.exec(file)?.[1] ?? null);

/**
 * The services each service may import. What two services share lives in the lower one (or in server/lib
 * and server/db), so the map has no cycle and no two services are tied both ways.
 */
const LOWER_SERVICES: Record<string, readonly string[]> = {
  auth: ['user', 'audience'],
  preference: ['audience', 'delivery'],
  campaign: ['publish', 'content', 'user'],
  publish: ['delivery'],
  workflow: ['runtime', 'delivery', 'user'],
  audience: ['runtime'],
  runtime: ['delivery'],
  content: [],
  delivery: [],
  user: [],
  support: [],
  ai: ['campaign', 'publish', 'content', 'delivery', 'user'],
  journey: ['delivery'],
};
/** analytics reads every other service; nothing imports it. */
export const SERVICE_MAP: Record<string, readonly string[]> = {
  analytics: Object.keys(LOWER_SERVICES),
  ...LOWER_SERVICES,
};

/** An import of another service that the service map does not allow. */
export const serviceImportsFollowTheMap: FileCheck = importCheck((imp) => {
  const from = serviceOf(imp.from);
  const to = serviceOf(imp.target);
  return from !== null && to !== null && from !== to && !(SERVICE_MAP[from] ?? []).includes(to);
});

/** The service map's cycles ("a -> b -> a"): none, or two services would be tied both ways. */
export function serviceMapCycles(map: Record<string, readonly string[]>): string[] {
  const cycles: string[] = [];
  const walk = (service: string, trail: string[]) => {
    for (const next of map[service] ?? []) {
      if (next === trail[0]) cycles.push([...trail, next].join(' -> '));
      else if (!trail.includes(next)) walk(next, [...trail, next]);
    }
  };
  for (const service of Object.keys(map).sort()) walk(service, [service]);
  return cycles.filter((cycle) => cycle.split(' -> ')[0] === [...cycle.split(' -> ')].sort()[0]);
}

/** A service file named as a second way: routes.ts, queries.ts, a group of commands. */
export const serviceFileNames: FileCheck = (file) => {
  if (!file.startsWith('server/services/')) return [];
  const name = path.posix.basename(file);
  if (name === 'routes.ts') return [`${file}: a routes.ts (name it <topic>Routes.ts, after its plugin)`];
  if (name === 'queries.ts') return [`${file}: a queries.ts (name it <topic>Queries.ts)`];
  if (/Commands\.ts$/.test(name))
    return [`${file}: a group of commands (one use case per file, named after its function)`];
  return [];
};

/** "At most about 200 lines": a routes file may run a little over on its schema descriptions. */
export const MAX_ROUTES_LINES = 220;
export const MAX_FILE_LINES = 500;
/** Lines of a text (a last newline ends the last line; it does not start another). */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
const DATABASE_WORK =
  /\.(insertInto|updateTable|deleteFrom|selectFrom|replaceInto|mergeInto|transaction)\(|\bsql\s*`/;

/**
 * A routes file holds zod schemas and handlers that read the request and call a use case or a query: no
 * database work of its own, one plugin named after the file, at most about 200 lines.
 */
export const thinRoutes: FileCheck = (file, text) => {
  if (!/^server\/services\/.+Routes\.ts$/.test(file)) return [];
  const problems = text.split('\n').flatMap((line, i) => {
    const found = DATABASE_WORK.exec(line);
    return found
      ? [`${file}:${i + 1}: ${found[0]} (the database belongs in a use case or a query file)`]
      : [];
  });
  const plugin = path.posix.basename(file, '.ts');
  const functions = [...text.matchAll(/^export (?:async )?function (\w+)/gm)].map((match) => match[1]);
  if (!functions.includes(plugin)) problems.push(`${file}: no plugin named ${plugin}`);
  for (const other of functions.filter((name) => name !== plugin))
    problems.push(`${file}: exports ${other} besides its plugin (give it a file of its own)`);
  const lines = lineCount(text);
  if (lines > MAX_ROUTES_LINES)
    problems.push(`${file}: ${lines} lines (a routes plugin is at most about 200)`);
  return problems;
};

const WRITE =
  /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\b(insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i;

/** A <topic>Queries.ts only reads: a write belongs in the use case that owns it. */
export const queriesOnlyRead: FileCheck = (file, text) => {
  if (!/^server\/services\/.+Queries\.ts$/.test(file)) return [];
  return text.split('\n').flatMap((line, i) => {
    const found = WRITE.exec(line);
    return found ? [`${file}:${i + 1}: ${found[0].trim()} (a write belongs in a use case file)`] : [];
  });
};

/** Every production file is under 500 lines. */
export const fileSize: FileCheck = (file, text) => {
  const lines = lineCount(text);
  return lines > MAX_FILE_LINES ? [`${file}: ${lines} lines (at most ${MAX_FILE_LINES})`] : [];
};

/** A catch whose handler does nothing. */
const EMPTY_CATCH = /\.catch\(\s*(?:\(\s*[\w$]*\s*\)|[\w$]+)\s*=>\s*(?:\{\s*\}|undefined|null|void 0)\s*\)/;
/** Closing what is being thrown away (a connection, a thread, a session): its failure has nobody to tell. */
const CLOSING = /\.(?:end|quit|close|terminate|destroy)\(\s*\)/;
/** `void f(...)`: the call's name and what follows it on the line. */
const VOID_CALL = /\bvoid\s+(?:[\w$]+\??\.)*([\w$]+)\s*\(/g;

/** The body of the function or method `name` declared in the text (null when it is not declared there). */
function bodyOf(text: string, name: string): string | null {
  const declared = new RegExp(
    `^\\s*(?:(?:export|private|public|protected|static|async)\\s+)*(?:function\\s+${name}\\b|${name}\\s*\\(|(?:const|let)\\s+${name}\\s*=)`,
    'm',
  ).exec(text);
  if (!declared) return null;
  const open = text.indexOf('{', text.indexOf(')', declared.index));
  if (open < 0) return null;
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    if (text[i] !== '}') continue;
    depth -= 1;
    if (depth === 0) return text.slice(open, i + 1);
  }
  return null;
}

/**
 * No work started with its errors dropped: no catch that does nothing, and no `void` of a call unless the
 * line catches it with a handler that does something, or the function called (declared in the same file)
 * catches its errors itself. Closing what is thrown away (end, quit, close, terminate, destroy) may drop its.
 */
export const droppedErrors: FileCheck = (file, text) => {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return code.split('\n').flatMap((raw, i) => {
    const line = raw.replace(/\/\/.*$/, '');
    const at = `${file}:${i + 1}`;
    const problems: string[] = [];
    if (EMPTY_CATCH.test(line) && !CLOSING.test(line)) problems.push(`${at}: a catch that drops the error`);
    for (const call of line.matchAll(VOID_CALL)) {
      const name = call[1] as string;
      const rest = line.slice(call.index);
      if (/\.catch\(/.test(rest) || CLOSING.test(rest.slice(0, rest.indexOf('(') + 2))) continue;
      if (/\bcatch\b/.test(bodyOf(code, name) ?? '')) continue;
      problems.push(`${at}: void ${name}(...) drops its errors`);
    }
    return problems;
  });
};

/**
 * Files that still break a rule of the server's structure, each with why: the list only shrinks (a test
 * fails when a file on it breaks no rule any more, so it must leave the list).
 */
export const NOT_YET_RESTRUCTURED: Record<string, string> = {};

/** The file a problem names (its text up to the first colon or arrow). */
export const fileOfProblem = (problem: string): string => /^[^:\s]+/.exec(problem)?.[0] ?? problem;

/** The problems outside the files still on NOT_YET_RESTRUCTURED. */
export const notAllowListed = (problems: readonly string[]): string[] =>
  problems.filter((problem) => !(fileOfProblem(problem) in NOT_YET_RESTRUCTURED));
