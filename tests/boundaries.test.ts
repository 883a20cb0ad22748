import fs from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_DATA_ID } from '../public-pages/publicPageData.ts';

/**
 * The layering rules of docs/client-conventions.md, checked on the source text: each test lists every
 * import that breaks its rule (file -> import), so a forbidden import fails `npm test` with its place.
 */

const ROOT = path.resolve(import.meta.dirname, '..');

type Import = { from: string; spec: string; names: string; typeOnly: boolean; target: string | null };

function filesUnder(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.posix.join(dir, name.split(path.sep).join('/')));
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** A specifier's file, relative to the repository root (null for a package). */
function resolveSpec(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
}

function importsOf(file: string, text = fs.readFileSync(path.join(ROOT, file), 'utf8')): Import[] {
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

function importsUnder(...dirs: string[]): Import[] {
  return dirs.flatMap((dir) => filesUnder(dir).flatMap((file) => importsOf(file)));
}

const describeImport = (imp: Import) => `${imp.from} -> ${imp.spec}`;
const under = (target: string | null, ...dirs: string[]) =>
  target !== null && dirs.some((dir) => target === dir || target.startsWith(`${dir}/`));

const REACT_PACKAGES =
  /^(react|react-dom|@xstate\/react|@xyflow\/|@tanstack\/react-router|@testing-library\/)/;

describe('boundaries', () => {
  it('finds imports of every form (the checks below read real imports)', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      'import {\n  type C,\n  type D,\n} from "./c.ts";',
      "import { type E, f } from './e.ts';",
      "import './g.css';",
      "const h = lazy(() => import('../h.tsx'));",
      "export { i } from './i.ts';",
    ].join('\n');
    expect(importsOf('src/x/file.ts', text).map(({ target, typeOnly }) => [target, typeOnly])).toEqual([
      ['src/x/a.ts', false],
      ['src/b.ts', true],
      ['src/x/c.ts', true],
      ['src/x/e.ts', false],
      ['src/x/g.css', false],
      ['src/h.tsx', false],
      ['src/x/i.ts', false],
    ]);
  });

  it('the core (domain, src/engine, machines/) imports no React and nothing of the app', () => {
    const bad = importsUnder('domain', 'src/engine', 'machines').filter(
      (imp) =>
        REACT_PACKAGES.test(imp.spec) ||
        under(imp.target, 'src/modules', 'src/router', 'src/api', 'src/ui', 'public-pages') ||
        (imp.from.startsWith('domain/') && under(imp.target, 'src/engine', 'machines')),
    );
    expect(bad.map(describeImport)).toEqual([]);
  });

  it('domain/ imports nothing else of the repository, and machines/ nothing of src/', () => {
    const bad = [
      ...importsUnder('domain').filter((imp) => imp.target !== null && !under(imp.target, 'domain')),
      ...importsUnder('machines').filter((imp) => under(imp.target, 'src')),
    ];
    expect(bad.map(describeImport)).toEqual([]);
  });

  it('public-pages/ imports only domain, src/ui and machines/ of the repository', () => {
    const bad = importsUnder('public-pages').filter(
      (imp) => imp.target !== null && !under(imp.target, 'public-pages', 'domain', 'src/ui', 'machines'),
    );
    expect(bad.map(describeImport)).toEqual([]);
  });

  it('a module reaches the router only through its route table', () => {
    const bad = importsUnder('src/modules').filter(
      (imp) => under(imp.target, 'src/router') && imp.target !== 'src/router/routeTable.ts',
    );
    expect(bad.map(describeImport)).toEqual([]);
  });

  it("a module never imports another area's internals: what areas share lives in src/modules/shared", () => {
    // The shell is the signed-in frame: it mounts the global error outlet and the support widget.
    const SHELL_MOUNTS = [
      'src/modules/errors/components/GlobalErrorOutlet.tsx',
      'src/modules/support/components/SupportWidget.tsx',
    ];
    const areaOf = (file: string) => file.split('/')[2];
    const bad = importsUnder('src/modules').filter((imp) => {
      if (!under(imp.target, 'src/modules') || imp.target === null) return false;
      const area = areaOf(imp.target);
      if (area === areaOf(imp.from) || area === 'shared') return false;
      return !(areaOf(imp.from) === 'shell' && SHELL_MOUNTS.includes(imp.target));
    });
    expect(bad.map(describeImport)).toEqual([]);
  });

  it('screens take the api modules from useServices(), not from an import (types only)', () => {
    // The services context itself, and the actors created outside React.
    const ALLOWED = [
      'src/modules/shared/hooks/ServicesContext.ts',
      'src/modules/shell/hooks/appCurrentUserMachine.ts',
      'src/modules/support/hooks/appSupportChatMachine.ts',
    ];
    const bad = importsUnder('src/modules', 'src/router').filter(
      (imp) =>
        imp.target !== null &&
        /^src\/api\/\w+Api\.ts$/.test(imp.target) &&
        !imp.typeOnly &&
        !ALLOWED.includes(imp.from),
    );
    expect(bad.map(describeImport)).toEqual([]);
  });

  it('only src/api builds requests: no other file imports ofetch or the request functions', () => {
    const bad = importsUnder('src', 'public-pages', 'machines').filter(
      (imp) =>
        !imp.from.startsWith('src/api/') &&
        (imp.spec === 'ofetch' ||
          (imp.target === 'src/api/client.ts' && /\bapi(Get|Post|PostJson|Put)\b/.test(imp.names))),
    );
    expect(bad.map(describeImport)).toEqual([]);
  });

  it('the server imports domain and the public pages it renders, nothing else of the client', () => {
    const bad = importsUnder('server').filter(
      (imp) =>
        under(imp.target, 'src', 'machines', 'public-pages') &&
        !under(imp.target, 'domain') &&
        imp.target !== 'public-pages/publicPageData.ts' &&
        imp.target !== 'public-pages/renderPublicPage.tsx',
    );
    expect(bad.map(describeImport)).toEqual([]);
  });

  it('the server names the public pages’ data element through PUBLIC_PAGE_DATA_ID, never by its value', () => {
    const literal = new RegExp(`['"\`=]${PUBLIC_PAGE_DATA_ID}['"\`]`);
    const bad = filesUnder('server').filter((file) =>
      literal.test(fs.readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(bad).toEqual([]);
  });

  it('the request layer, the public pages and the machines read the time zone through browserTimeZone', () => {
    const bad = ['src/api', 'domain', 'public-pages', 'machines']
      .flatMap(filesUnder)
      .filter((file) => file !== 'domain/browserTimeZone.ts')
      .filter((file) => /resolvedOptions\(\)/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(bad).toEqual([]);
  });

  it('ServiceAnswer is declared once in the client (domain/serviceAnswer.ts)', () => {
    const declaration = /type\s+\w+<K extends keyof \w+Answers>\s*=/;
    const bad = ['src', 'public-pages', 'machines']
      .flatMap(filesUnder)
      .filter((file) => file !== 'domain/serviceAnswer.ts')
      .filter((file) => declaration.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(bad).toEqual([]);
  });

  it('machines/ holds one machine per file', () => {
    const bad = filesUnder('machines').filter(
      (file) => (fs.readFileSync(path.join(ROOT, file), 'utf8').match(/\.createMachine\(/g) ?? []).length > 1,
    );
    expect(bad).toEqual([]);
  });

  it('tests mirror source paths: a test of domain only lives in tests/domain', () => {
    const tests = filesUnder('tests').filter((file) => /\.test\.tsx?$/.test(file));
    const bad = tests.filter((file) => {
      const sources = importsOf(file)
        .map((imp) => imp.target)
        .filter((target): target is string =>
          under(target, 'domain', 'src', 'machines', 'public-pages', 'server'),
        );
      const domainOnly = sources.length > 0 && sources.every((target) => under(target, 'domain'));
      return domainOnly !== file.startsWith('tests/domain/');
    });
    expect(bad).toEqual([]);
  });
});

/**
 * One way for each recurring thing, where a library or one mechanism of the product is the way: each rule
 * reads source text ({ file, text }) and lists what breaks it, so a test can feed it a bad snippet.
 */
type Source = { file: string; text: string };

const PRODUCTION = ['server', 'domain', 'src', 'public-pages', 'machines'];
const sourcesUnder = (...dirs: string[]): Source[] =>
  dirs.flatMap(filesUnder).map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8') }));

/**
 * A package's private path: a module in its build or source folders (pkg/lib/x, @s/pkg/dist/y.js). A
 * stylesheet a package publishes there (@xyflow/react/dist/style.css) is its documented way in.
 */
const PRIVATE_PACKAGE_PATH =
  /^(?:@[^/]+\/)?[^./@][^/]*\/(?:lib|dist|src|build|internal|cjs|esm)(?:\/(?!.*\.css$)|$)/;

/** Imports of nodemailer (the product has its own SMTP client) or of any package's private path. */
function packageImportBreaches(sources: readonly Source[]): string[] {
  return sources
    .flatMap(({ file, text }) => importsOf(file, text))
    .filter(
      (imp) =>
        imp.target === null && (/^nodemailer(\/|$)/.test(imp.spec) || PRIVATE_PACKAGE_PATH.test(imp.spec)),
    )
    .map(describeImport);
}

const JS_KEYWORDS_BEFORE_VALUE = new Set([
  'return',
  'typeof',
  'case',
  'in',
  'of',
  'void',
  'delete',
  'throw',
  'yield',
  'await',
  'else',
  'do',
  'instanceof',
  'new',
]);

/**
 * The regular-expression literals of a TypeScript source: esbuild drops its types and comments, then a
 * scan that knows strings, templates (and the code inside ${}) and where a slash starts a literal.
 */
function regexLiterals(source: string, file: string): string[] {
  const js = transformSync(source, { loader: file.endsWith('.tsx') ? 'tsx' : 'ts' }).code;
  const found: string[] = [];
  const braces: ('code' | 'template')[] = [];
  let i = 0;
  /** Whether what came last is a value (a slash after it divides) or an operator (a slash starts a literal). */
  let afterValue = false;
  const scanTemplate = () => {
    while (i < js.length) {
      if (js[i] === '\\') i += 2;
      else if (js[i] === '`') {
        i += 1;
        afterValue = true;
        return;
      } else if (js[i] === '$' && js[i + 1] === '{') {
        i += 2;
        braces.push('template');
        afterValue = false;
        return;
      } else i += 1;
    }
  };
  while (i < js.length) {
    const c = js[i] as string;
    if (/\s/.test(c)) i += 1;
    else if (c === '"' || c === "'") {
      i += 1;
      while (i < js.length && js[i] !== c) i += js[i] === '\\' ? 2 : 1;
      i += 1;
      afterValue = true;
    } else if (c === '`') {
      i += 1;
      scanTemplate();
    } else if (c === '{') {
      braces.push('code');
      i += 1;
      afterValue = false;
    } else if (c === '}') {
      i += 1;
      if (braces.pop() === 'template') scanTemplate();
      else afterValue = false;
    } else if (c === '/' && js[i + 1] === '/') {
      while (i < js.length && js[i] !== '\n') i += 1;
    } else if (c === '/' && js[i + 1] === '*') {
      i = js.indexOf('*/', i + 2) < 0 ? js.length : js.indexOf('*/', i + 2) + 2;
    } else if (c === '/' && !afterValue) {
      let end = i + 1;
      let inClass = false;
      while (end < js.length && js[end] !== '\n' && (js[end] !== '/' || inClass)) {
        if (js[end] === '\\') end += 1;
        else if (js[end] === '[') inClass = true;
        else if (js[end] === ']') inClass = false;
        end += 1;
      }
      found.push(js.slice(i + 1, end));
      i = end + 1;
      while (/[a-z]/i.test(js[i] ?? '')) i += 1;
      afterValue = true;
    } else if (/[\w$]/.test(c)) {
      const start = i;
      while (i < js.length && /[\w$]/.test(js[i] as string)) i += 1;
      afterValue = !JS_KEYWORDS_BEFORE_VALUE.has(js.slice(start, i));
    } else {
      afterValue = c === ')' || c === ']';
      i += 1;
    }
  }
  return found;
}

/** A pattern that reads character references: &#…, &amp; and its kin, &( or &[ (a name alternation). */
const ENTITY_PATTERN = /&(?:#|\(|\[|amp\b|lt\b|gt\b|quot\b|apos\b|nbsp\b)/;
/** The one decoder, and the reader of the emoji references subjects are stored with (not HTML). */
const ENTITY_READERS = ['domain/decodeHtmlEntities.ts', 'domain/decodeNumericReferences.ts'];

/** Regular expressions that read HTML character references anywhere but the one decoder. */
function entityDecoderBreaches(sources: readonly Source[]): string[] {
  return sources
    .filter(({ file }) => !ENTITY_READERS.includes(file))
    .flatMap(({ file, text }) => {
      const patterns = [
        ...regexLiterals(text, file),
        ...[...text.matchAll(/RegExp\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g)].map((match) => match[2] ?? ''),
      ];
      return patterns
        .filter((pattern) => ENTITY_PATTERN.test(pattern))
        .map((pattern) => `${file}: /${pattern}/`);
    });
}

/** Answers 429: the way a rate limit refuses (tooManyRequests is AppError's 429). */
const ANSWERS_429 = /\btooManyRequests\(|\.code\(\s*429\s*\)|\.status\(\s*429\s*\)|statusCode:\s*429\b/;
/** 429s that are not rate limits, each for its reason. */
const NOT_RATE_LIMITS: Record<string, string> = {
  'server/services/auth/routes.ts':
    'the growing delay after failed sign-ins (LoginThrottle, in the database)',
  'server/services/runtime/SimulationRunner.ts':
    'the number of simulations running at once, not calls over time',
};

/**
 * A file that refuses with 429 takes the decision from the one mechanism (RateLimiter, or a route's
 * config.rateLimit); no package of its own (@fastify/rate-limit and the like).
 */
function rateLimitBreaches(sources: readonly Source[]): string[] {
  const packages = sources
    .flatMap(({ file, text }) => importsOf(file, text))
    .filter((imp) => imp.target === null && /rate-?limit/i.test(imp.spec))
    .map(describeImport);
  const ownLimiters = sources
    .filter(({ file, text }) => file !== 'server/lib/AppError.ts' && ANSWERS_429.test(text))
    .filter(({ file, text }) => !NOT_RATE_LIMITS[file] && !/\bRateLimiter\b|\.rateLimiter\b/.test(text))
    .map(({ file }) => `${file}: answers 429 without RateLimiter`);
  return [...packages, ...ownLimiters];
}

/** Import cycles (type-only imports included) among the files given: each as "a -> b -> a". */
function importCycles(sources: readonly Source[]): string[] {
  const files = new Set(sources.map((source) => source.file));
  const edges = new Map(
    sources.map(({ file, text }) => [
      file,
      importsOf(file, text)
        .map((imp) => imp.target)
        .filter((target): target is string => target !== null && files.has(target)),
    ]),
  );
  const cycles = new Set<string>();
  const walk = (file: string, trail: string[]) => {
    for (const next of edges.get(file) ?? []) {
      const at = trail.indexOf(next);
      if (at >= 0) {
        const loop = trail.slice(at);
        const first = loop.indexOf([...loop].sort()[0] as string);
        cycles.add([...loop.slice(first), ...loop.slice(0, first), loop[first]].join(' -> '));
      } else if (trail.length < 12) walk(next, [...trail, next]);
    }
  };
  for (const file of files) walk(file, [file]);
  return [...cycles];
}

describe('one way for each recurring thing', () => {
  it('no production code imports nodemailer or a package’s private path', () => {
    expect(packageImportBreaches(sourcesUnder(...PRODUCTION))).toEqual([]);
  });

  it('the rule finds nodemailer and a private path', () => {
    const bad = {
      file: 'server/services/delivery/x.ts',
      text: "import nodemailer from 'nodemailer';\nimport { parseConnectionUrl } from 'nodemailer/lib/shared';\nimport x from '@scope/pkg/dist/x.js';\nimport { createRoot } from 'react-dom/client';\nimport '@xyflow/react/dist/style.css';",
    };
    expect(packageImportBreaches([bad])).toEqual([
      'server/services/delivery/x.ts -> nodemailer',
      'server/services/delivery/x.ts -> nodemailer/lib/shared',
      'server/services/delivery/x.ts -> @scope/pkg/dist/x.js',
    ]);
  });

  it('HTML character references are read by one decoder (domain/decodeHtmlEntities.ts)', () => {
    expect(entityDecoderBreaches(sourcesUnder(...PRODUCTION))).toEqual([]);
  });

  it('the rule finds a hand-written decoder, and not an encoder, a string or a comment', () => {
    const bad = {
      file: 'server/services/x.ts',
      text: [
        '// Decodes &amp; / and &#39; / in comments: not code.',
        "const named = (s: string): string => s.replace(/&amp;/g, '&').replace(/&#(\\d+);/g, (_, n) => n);",
        "const built = new RegExp('&(lt|gt);', 'g');",
        "const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');",
        `const text = \`a / &amp; / \${'&lt; / b'.replace(/&lt;/g, '<')} /\`;`,
        'const half = 4 / 2; const ratio = half / 1;',
      ].join('\n'),
    };
    expect(entityDecoderBreaches([bad])).toEqual([
      'server/services/x.ts: /&amp;/',
      'server/services/x.ts: /&#(\\d+);/',
      'server/services/x.ts: /&lt;/',
      'server/services/x.ts: /&(lt|gt);/',
    ]);
  });

  it('every rate limit is the one mechanism (RateLimiter, shared by every process on the database)', () => {
    expect(rateLimitBreaches(sourcesUnder('server'))).toEqual([]);
  });

  it('the rule finds a route with a limiter of its own, and a rate-limit package', () => {
    const own = {
      file: 'server/services/x/routes.ts',
      text: [
        "import rateLimit from '@fastify/rate-limit';",
        'const hits = new Map<string, number>();',
        "app.get('/x', async (request, reply) => {",
        '  const n = (hits.get(request.ip) ?? 0) + 1;',
        '  hits.set(request.ip, n);',
        '  if (n > 10) return reply.code(429).send();',
        '});',
      ].join('\n'),
    };
    const thrown = { file: 'server/services/y.ts', text: "throw tooManyRequests('Slow down.', 60);" };
    expect(rateLimitBreaches([own, thrown])).toEqual([
      'server/services/x/routes.ts -> @fastify/rate-limit',
      'server/services/x/routes.ts: answers 429 without RateLimiter',
      'server/services/y.ts: answers 429 without RateLimiter',
    ]);
  });

  it('server/lib has no import cycle, type-only imports included', () => {
    expect(importCycles(sourcesUnder('server/lib'))).toEqual([]);
  });

  it('the rule finds a type-only circle', () => {
    const a = {
      file: 'server/lib/A.ts',
      text: "import type { B } from './B.ts';\nexport type A = { b: B };",
    };
    const b = {
      file: 'server/lib/B.ts',
      text: "import type { A } from './A.ts';\nexport type B = { a?: A };",
    };
    expect(importCycles([a, b])).toEqual(['server/lib/A.ts -> server/lib/B.ts -> server/lib/A.ts']);
  });
});
