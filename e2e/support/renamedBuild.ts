import fs from 'node:fs';
import path from 'node:path';

/**
 * A copy of the client build (workbench and public pages) in `toDist`, with every file of the workbench's
 * assets renamed, and every reference to it rewritten: what a deploy looks like to a tab opened before it
 * (the old chunk names answer 404). Compressed copies are left out (the server then sends the plain file).
 */
export function copyBuildWithNewChunkNames(fromDist: string, toDist: string): void {
  fs.rmSync(toDist, { recursive: true, force: true });
  for (const part of ['workbench', 'public'])
    fs.cpSync(path.join(fromDist, part), path.join(toDist, part), {
      recursive: true,
      filter: (source) => !/\.(br|gz)$/.test(source),
    });
  const assets = path.join(toDist, 'workbench', 'assets');
  const stemOf = (file: string) => file.slice(0, file.indexOf('.'));
  const stems = [...new Set(fs.readdirSync(assets).map(stemOf))];
  const renamed = (stem: string) => `${stem}n2`;
  for (const file of fs.readdirSync(assets)) {
    const stem = stemOf(file);
    fs.renameSync(path.join(assets, file), path.join(assets, renamed(stem) + file.slice(stem.length)));
  }
  // A reference is the stem after a slash or a quote, followed by its extension.
  const escaped = stems.map((stem) => stem.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'));
  const reference = new RegExp(`(?<=[/"'\`])(${escaped.join('|')})(?=\\.)`, 'g');
  const textFiles = [
    path.join(toDist, 'workbench', 'index.html'),
    ...fs.readdirSync(assets).map((f) => path.join(assets, f)),
  ];
  for (const file of textFiles.filter((f) => /\.(html|js|css|map)$/.test(f))) {
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(
      file,
      text.replace(reference, (stem) => renamed(stem)),
    );
  }
}
