import fs from 'node:fs';
import path from 'node:path';
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

/**
 * The local-first draft (an undo manager over a Y.Doc, its IndexedDB store, its tab relay) has one home:
 * the draft kernel, src/engine/draft/. Returns what in a file outside it makes a second one.
 */
const DRAFT_KERNEL = 'src/engine/draft';
const SECOND_DRAFT_ENGINE: readonly [RegExp, string][] = [
  [/\bnew\s+(?:Y\.)?UndoManager\s*\(/, 'a Y.UndoManager'],
  [/from\s*['"]y-indexeddb['"]|import\(\s*['"]y-indexeddb['"]/, 'y-indexeddb'],
  [/\bindexedDB\s*\.\s*open\s*\(/, 'an IndexedDB database'],
  [/\bnew\s+BroadcastChannel\s*\(/, 'a BroadcastChannel relay'],
];

function secondDraftEngine(file: string, text: string): string[] {
  if (under(file, DRAFT_KERNEL)) return [];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return SECOND_DRAFT_ENGINE.filter(([pattern]) => pattern.test(code)).map(([, what]) => `${file}: ${what}`);
}

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
  it('the local-first draft engine is the kernel’s alone: no undo manager, IndexedDB store or tab relay elsewhere', () => {
    const found = ['src', 'public-pages', 'machines', 'domain']
      .flatMap(filesUnder)
      .flatMap((file) => secondDraftEngine(file, fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds a second draft engine in a file outside the kernel (and not in the kernel, nor in a comment)', () => {
    const store = [
      "import { IndexeddbPersistence } from 'y-indexeddb';",
      '// a comment may say new Y.UndoManager(...)',
      'export function openMine(doc) {',
      '  const undo = new Y.UndoManager([doc.getMap("blocks")]);',
      '  const relay = new BroadcastChannel(doc.guid);',
      '  return { undo, relay, db: indexedDB.open("mine") };',
      '}',
    ].join('\n');
    expect(secondDraftEngine('src/modules/analytics/hooks/useMyDraft.ts', store)).toEqual([
      'src/modules/analytics/hooks/useMyDraft.ts: a Y.UndoManager',
      'src/modules/analytics/hooks/useMyDraft.ts: y-indexeddb',
      'src/modules/analytics/hooks/useMyDraft.ts: an IndexedDB database',
      'src/modules/analytics/hooks/useMyDraft.ts: a BroadcastChannel relay',
    ]);
    expect(secondDraftEngine('src/engine/draft/createUndoStore.ts', store)).toEqual([]);
    expect(secondDraftEngine('src/engine/design/designDoc.ts', '/** the y-indexeddb database */')).toEqual(
      [],
    );
  });
});
