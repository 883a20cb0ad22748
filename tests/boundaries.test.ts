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

  it('counts take their noun from Intl.PluralRules (domain/countOf.ts), never from a hand-made plural', () => {
    for (const bad of [
      "`${n} ${n === 1 ? 'row' : 'rows'}`",
      "`${n} column${n === 1 ? '' : 's'}`",
      "`the workflow${count > 1 ? 's' : ''}`",
      "list.total === 1 ? '1 group' : `${list.total} groups`",
      "count !== 1\n  ? 'people'\n  : 'person'",
      '`${value} ${singular}s`',
    ])
      expect(handMadePlurals(bad.replace(/\\n/g, '\n')), bad).not.toEqual([]);
    for (const good of ["countOf(n, 'row', 'rows')", 'mode === 1 ? <Fixed /> : <Relative />', '`${n}%`'])
      expect(handMadePlurals(good), good).toEqual([]);
    const bad = ['src', 'public-pages', 'domain', 'machines']
      .flatMap(filesUnder)
      .filter((file) => file !== 'domain/countOf.ts')
      .flatMap((file) =>
        handMadePlurals(fs.readFileSync(path.join(ROOT, file), 'utf8')).map((found) => `${file}: ${found}`),
      );
    expect(bad).toEqual([]);
  });

  it('dates are shown through domain/formatDate.ts only (one format, the reader’s locale)', () => {
    for (const bad of [
      "new Date(iso).toLocaleDateString('en-GB')",
      'date.toLocaleTimeString(undefined, { hour: "2-digit" })',
      "new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' })",
      "at.toLocaleString('en-US', { month: 'short', day: 'numeric' })",
      "utcFormat('%b %-d')",
    ])
      expect(DATE_FORMATTING.test(bad), bad).toBe(true);
    for (const good of ["formatDate(iso, 'dateTime')", "count.toLocaleString('en-US')", 'browserTimeZone()'])
      expect(DATE_FORMATTING.test(good), good).toBe(false);
    const allowed = ['domain/formatDate.ts', 'domain/browserTimeZone.ts'];
    const bad = ['src', 'public-pages', 'domain', 'machines']
      .flatMap(filesUnder)
      .filter((file) => !allowed.includes(file))
      .filter((file) => DATE_FORMATTING.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(bad).toEqual([]);
  });

  it('radios, file pickers and selects are the design system’s (src/ui Radio, RadioCard, FileField, Select)', () => {
    for (const bad of ['<input type="radio" checked />', "<input\n  type='file'\n/>", '<select value={v}>'])
      expect(RAW_CONTROL.test(bad), bad).toBe(true);
    expect(RAW_CONTROL.test('<Select label="Sort by" options={options} />')).toBe(false);
    const bad = filesUnder('src')
      .filter((file) => !file.startsWith('src/ui/'))
      .filter((file) => RAW_CONTROL.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(bad).toEqual([]);
  });

  it('every form is src/ui/Form (its first error gets the focus after a submit): no <form> elsewhere', () => {
    expect(rawFormsIn('src/x/A.tsx', 'return <form onSubmit={submit}><Form /></form>;')).toBe(true);
    expect(rawFormsIn('src/x/A.tsx', 'return <Form onSubmit={submit}>…</Form>; // a <formula>')).toBe(false);
    const bad = ['src', 'public-pages']
      .flatMap(filesUnder)
      .filter((file) => rawFormsIn(file, fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(bad).toEqual([]);
  });
});

/** A native radio, file input or select written outside the design system. */
const RAW_CONTROL = /<select[\s>]|\btype=\{?\s*['"](radio|file)['"]/;

/** Formatting a date anywhere but domain/formatDate.ts (and the time zone's name in browserTimeZone). */
const DATE_FORMATTING =
  /toLocale(Date|Time)String\(|Intl\.DateTimeFormat\(|toLocaleString\([^)]*\{[^}]*\b(dateStyle|timeStyle|month|weekday|hour)\b|\b(utc|time)Format\(/;

/**
 * Plurals written by hand: two short texts chosen by a comparison with 1 (or 2), an "s" added by a
 * condition, or a noun given its "s" in a template. Each found text is returned, for the failure message.
 */
// A short text (up to three words): a noun with its count, not a sentence written for the case of one.
const WORDS = (quote: string) => String.raw`${quote}[^${quote}\n ]*(?: [^${quote}\n ]*){0,2}${quote}`;
const STRING = `(?:${WORDS("'")}|${WORDS('"')}|${WORDS('`')})`;
const HAND_MADE_PLURALS = [
  new RegExp(String.raw`(?:[!=]==|[<>]=?)\s*[12]\s*\?\s*${STRING}\s*:\s*${STRING}`, 'g'),
  /\?\s*(['"`])s\1\s*:\s*(['"`])\2/g,
  /\?\s*(['"`])\1\s*:\s*(['"`])s\2/g,
  /\$\{\w+\}s`/g,
];

function handMadePlurals(text: string): string[] {
  return HAND_MADE_PLURALS.flatMap((rule) => Array.from(text.matchAll(rule), (match) => match[0]));
}

/** A file other than the Form component itself that writes a bare <form> element. */
function rawFormsIn(file: string, text: string): boolean {
  return file !== 'src/ui/Form.tsx' && /\.tsx$/.test(file) && /<form[\s>]/.test(text);
}
