import { transformSync } from 'esbuild';
import { describeImport, filesUnder, importsOf, textOf } from './boundaryRules.ts';

/**
 * One way for each recurring thing, where a library or one mechanism of the product is the way: each rule
 * reads source text ({ file, text }) and lists what breaks it, so a test can feed it a bad snippet.
 */
export type Source = { file: string; text: string };

export const PRODUCTION = ['server', 'domain', 'src', 'public-pages', 'machines'];
export const sourcesUnder = (...dirs: string[]): Source[] =>
  dirs.flatMap(filesUnder).map((file) => ({ file, text: textOf(file) }));

/** Imports of nodemailer: the product has its own SMTP client (private package paths: noPrivatePackagePath). */
export function nodemailerImports(sources: readonly Source[]): string[] {
  return sources
    .flatMap(({ file, text }) => importsOf(file, text))
    .filter((imp) => imp.target === null && /^nodemailer(\/|$)/.test(imp.spec))
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
export function entityDecoderBreaches(sources: readonly Source[]): string[] {
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
  'server/services/auth/signIn.ts':
    'the growing delay after failed sign-ins (LoginThrottle, in the database)',
  'server/services/runtime/SimulationRunner.ts':
    'the number of simulations running at once, not calls over time',
};

/**
 * A file that refuses with 429 takes the decision from the one mechanism (RateLimiter, or a route's
 * config.rateLimit); no package of its own (@fastify/rate-limit and the like).
 */
export function rateLimitBreaches(sources: readonly Source[]): string[] {
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
export function importCycles(sources: readonly Source[]): string[] {
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
