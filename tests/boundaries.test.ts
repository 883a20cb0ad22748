import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_DATA_ID } from '../public-pages/publicPageData.ts';
import {
  describeImport,
  fetchOnlyInRequestLayers,
  filesUnder,
  type Import,
  importsOf,
  machinesImportNoApp,
  noPrivatePackagePath,
  onePagedList,
  textOf,
  twoBackgroundMechanisms,
  under,
  violationsUnder,
} from './boundaryRules.ts';
import {
  entityDecoderBreaches,
  importCycles,
  nodemailerImports,
  PRODUCTION,
  rateLimitBreaches,
  sourcesUnder,
} from './oneWayRules.ts';

/**
 * The layering rules of docs/client-conventions.md, checked on the source text: each test lists every
 * import that breaks its rule (file -> import), so a forbidden import fails `npm test` with its place.
 * The checks of one file's text are in boundaryRules.ts; the rules that keep one way for a recurring
 * thing are each fed a bad file too, to show they catch it.
 */

const importsUnder = (...dirs: string[]): Import[] =>
  dirs.flatMap((dir) => filesUnder(dir).flatMap((file) => importsOf(file, textOf(file))));

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
    const bad = importsUnder('domain').filter((imp) => imp.target !== null && !under(imp.target, 'domain'));
    expect(bad.map(describeImport)).toEqual([]);
    expect(violationsUnder(machinesImportNoApp, 'machines')).toEqual([]);
    expect(
      machinesImportNoApp('machines/badMachine.ts', "import { useServices } from '../src/modules/x.ts';"),
    ).toEqual(['machines/badMachine.ts -> ../src/modules/x.ts']);
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
    const bad = filesUnder('server').filter((file) => literal.test(textOf(file)));
    expect(bad).toEqual([]);
  });

  it('the request layer, the public pages and the machines read the time zone through browserTimeZone', () => {
    const bad = ['src/api', 'domain', 'public-pages', 'machines']
      .flatMap(filesUnder)
      .filter((file) => file !== 'domain/browserTimeZone.ts')
      .filter((file) => /resolvedOptions\(\)/.test(textOf(file)));
    expect(bad).toEqual([]);
  });

  it('ServiceAnswer is declared once in the client (domain/serviceAnswer.ts)', () => {
    const declaration = /type\s+\w+<K extends keyof \w+Answers>\s*=/;
    const bad = ['src', 'public-pages', 'machines']
      .flatMap(filesUnder)
      .filter((file) => file !== 'domain/serviceAnswer.ts')
      .filter((file) => declaration.test(textOf(file)));
    expect(bad).toEqual([]);
  });

  it('machines/ holds one machine per file', () => {
    const bad = filesUnder('machines').filter(
      (file) => (textOf(file).match(/\.createMachine\(/g) ?? []).length > 1,
    );
    expect(bad).toEqual([]);
  });

  it('tests mirror source paths: a test of domain only lives in tests/domain', () => {
    const tests = filesUnder('tests').filter((file) => /\.test\.tsx?$/.test(file));
    const bad = tests.filter((file) => {
      const sources = importsOf(file, textOf(file))
        .map((imp) => imp.target)
        .filter((target): target is string =>
          under(target, 'domain', 'src', 'machines', 'public-pages', 'server'),
        );
      const domainOnly = sources.length > 0 && sources.every((target) => under(target, 'domain'));
      return domainOnly !== file.startsWith('tests/domain/');
    });
    expect(bad).toEqual([]);
  });

  describe('one way for each recurring thing', () => {
    it('one paged list: no list keeps its own offset, and the only pager is ListPager (Show more)', () => {
      expect(violationsUnder(onePagedList, 'src')).toEqual([]);
      const bad = (text: string) => onePagedList('src/modules/x/XList.tsx', text);
      expect(bad("import { Pagination } from '../../../ui/Pagination.tsx';")).toEqual([
        'src/modules/x/XList.tsx: a <Pagination> (the pager is ListPager)',
      ]);
      expect(bad('const [offset, setOffset] = useState(0);')).toEqual([
        'src/modules/x/XList.tsx: its own offset state (use usePagedList)',
      ]);
      expect(bad("const [paging, setPaging] = useState({ term: '', offset: 0 });")).toHaveLength(1);
      expect(
        bad('useLoad((page: { offset: number }, signal) => api.contacts({ offset: page.offset }, signal));'),
      ).toEqual(['src/modules/x/XList.tsx: a load keyed by a page offset (use usePagedList)']);
      expect(bad('<ShowMore summary="" hasMore loading={false} noun="rows" onShowMore={next} />')).toEqual([
        'src/modules/x/XList.tsx: the pager outside ListPager',
      ]);
      expect(bad("const list = usePagedList({ mode: 'local', name: 'x', pageSize: 10, load });")).toEqual([]);
    });

    it('no request outside the request layers (src/api, the public pages’ preferenceClient)', () => {
      expect(violationsUnder(fetchOnlyInRequestLayers, 'src', 'public-pages', 'machines', 'domain')).toEqual(
        [],
      );
      const file = 'src/modules/x/useX.ts';
      expect(fetchOnlyInRequestLayers(file, "const answer = await fetch('/api/user/x/');")).toEqual([
        'src/modules/x/useX.ts: a request outside the request layers',
      ]);
      expect(fetchOnlyInRequestLayers(file, 'window.fetch(url);')).toHaveLength(1);
      expect(fetchOnlyInRequestLayers(file, 'const request = new XMLHttpRequest();')).toHaveLength(1);
      expect(fetchOnlyInRequestLayers(file, 'const { prefetch } = x; refetch(); // fetch(x)')).toEqual([]);
      expect(fetchOnlyInRequestLayers('src/api/client.ts', "await fetch('/api/');")).toEqual([]);
    });

    it("no import of a package's private path (what its exports map does not offer)", () => {
      expect(
        violationsUnder(
          noPrivatePackagePath,
          'src',
          'server',
          'public-pages',
          'machines',
          'domain',
          'scripts',
        ),
      ).toEqual([]);
      const file = 'server/x.ts';
      expect(
        noPrivatePackagePath(file, "import { x } from '@tanstack/react-router/dist/esm/router';"),
      ).toEqual(['server/x.ts -> @tanstack/react-router/dist/esm/router']);
      expect(noPrivatePackagePath(file, "import { y } from 'd3-scale/src/linear.js';")).toHaveLength(1);
      expect(noPrivatePackagePath(file, "import { z } from 'zod/v4/core';")).toEqual([]);
      expect(noPrivatePackagePath(file, "import '@xyflow/react/dist/style.css';")).toEqual([]);
      expect(noPrivatePackagePath(file, "import { readFile } from 'node:fs/promises';")).toEqual([]);
    });
  });
});

describe('one way for each recurring thing on the server', () => {
  it('no production code imports nodemailer (the product has its own SMTP client)', () => {
    expect(nodemailerImports(sourcesUnder(...PRODUCTION))).toEqual([]);
  });

  it('the rule finds nodemailer', () => {
    const bad = {
      file: 'server/services/delivery/x.ts',
      text: "import nodemailer from 'nodemailer';\nimport { parseConnectionUrl } from 'nodemailer/lib/shared';\nimport x from '@scope/pkg/dist/x.js';\nimport { createRoot } from 'react-dom/client';\nimport '@xyflow/react/dist/style.css';",
    };
    expect(nodemailerImports([bad])).toEqual([
      'server/services/delivery/x.ts -> nodemailer',
      'server/services/delivery/x.ts -> nodemailer/lib/shared',
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

  it('background work is one of two mechanisms: jobs on pg-boss (server/lib/jobs) or the leased email queue', () => {
    expect(violationsUnder(twoBackgroundMechanisms, 'server')).toEqual([]);
  });

  it('the rule finds a timer loop of its own and pg-boss taken outside server/lib/jobs', () => {
    const file = 'server/services/x/XPoller.ts';
    const bad = (...lines: string[]) => twoBackgroundMechanisms(file, lines.join('\n'));
    expect(bad('const timer = setInterval(() => void sweep(), 60_000);')).toEqual([
      `${file}: a timer loop of its own (setInterval)`,
    ]);
    expect(
      bad(
        'export class XPoller {',
        '  private async poll(): Promise<void> {',
        '    await this.runDue();',
        '    if (!this.stopped) this.timer = setTimeout(() => void this.poll().catch(() => {}), 1000);',
        '  }',
        '}',
      ),
    ).toEqual([`${file}: a timer loop of its own (setTimeout calls poll again)`]);
    expect(bad('function tick() {', '  work();', '  setTimeout(tick, 500);', '}')).toEqual([
      `${file}: a timer loop of its own (setTimeout calls tick again)`,
    ]);
    expect(
      bad(
        'const loop = async () => {',
        '  while (!stopped) {',
        '    await runDue();',
        '    await new Promise((resolve) => setTimeout(resolve, 1000));',
        '  }',
        '};',
      ),
    ).toEqual([`${file}: a polling loop (setTimeout in a loop)`]);
    expect(
      bad('const boss = new PgBoss({ connectionString: url });', "await boss.work('x', handler);"),
    ).toEqual([
      `${file}: new PgBoss (pg-boss starts in server/lib/jobs)`,
      `${file}: pg-boss workers of its own (define a job with server/lib/jobs)`,
    ]);
    expect(bad('const jobs = await this.options.boss.fetch<Data>(QUEUE, { batchSize: 5 });')).toHaveLength(1);
    expect(
      bad(
        'for (;;) {',
        '  if (await due()) await run();',
        "  else await sleepUntilWork(['x'], 30_000).done;",
        '}',
      ),
    ).toEqual([`${file}: a polling loop (sleepUntilWork in a loop)`]);
    // A time limit is a timer, not a loop (even one set in a loop); a comment is not code; jobs and the
    // email queue are the two ways.
    expect(
      bad(
        'while (queue.length > 0) {',
        '  const job = queue.shift();',
        '  job.timer = setTimeout(() => job.cancel(), 1000);',
        '}',
      ),
    ).toEqual([]);
    expect(
      bad(
        'function run(job: Job) {',
        '  job.timer = setTimeout(() => {',
        '    job.reject(new Error("too long"));',
        '    run(next);',
        '  }, 1000);',
        '}',
        '// setInterval(() => poll(), 1000)',
      ),
    ).toEqual([]);
    expect(
      twoBackgroundMechanisms('server/lib/jobs/JobHost.ts', 'setTimeout(() => this.look(), 10);'),
    ).toEqual([]);
    expect(
      twoBackgroundMechanisms(
        'server/services/delivery/deliveryLoop.ts',
        'while (!stopped) await sleepUntilWork([], 50).done;',
      ),
    ).toEqual([]);
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

  it('the local-first draft engine is the kernel’s alone: no undo manager, IndexedDB store or tab relay elsewhere', () => {
    expect(violationsUnder(secondDraftEngine, 'src', 'public-pages', 'machines', 'domain')).toEqual([]);
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
