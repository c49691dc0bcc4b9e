import path from 'node:path';

/**
 * The house's layering as an ESLint rule: files of one folder may not import from the folders the
 * rule names. Paths are resolved (relative imports and the `@/` alias), so `../../server/x` and
 * `@/server/x` are caught alike, and so are `export … from`, dynamic `import()` and type imports:
 * a type-only import today is the value import of tomorrow.
 */
const root = path.resolve(import.meta.dirname, '..');

/** The project file an import names, or null for a package. */
function resolveSpecifier(specifier, filename) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(filename), specifier);
  if (specifier.startsWith('@/')) return path.resolve(root, 'src', specifier.slice(2));
  if (specifier.startsWith('/')) return path.resolve(specifier);
  return null;
}

const inside = (file, dir) => file === dir || file.startsWith(dir + path.sep);

/** A source file's path without its extension: `./jobs` and `./jobs.ts` name one file. */
const withoutExtension = (file) => file.replace(/\.(ts|tsx|mts|js|mjs)$/, '');

/** An entry that names a package (`hono`) rather than a project path: it forbids the package and its subpaths. */
const isPackageName = (entry) => !entry.includes('/') || (entry.startsWith('@') && entry.split('/').length === 2);

/** @type {import('eslint').Rule.RuleModule} */
const noImportFrom = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid importing from the named project folders (the house layering).' },
    schema: [
      {
        type: 'object',
        properties: {
          /** Project folders or files (`src/server/api`, `src/server/main.ts`), or package names (`hono`). */
          forbidden: { type: 'array', items: { type: 'string' } },
          /** Project files inside a forbidden folder that may still be imported. */
          allowed: { type: 'array', items: { type: 'string' } },
          reason: { type: 'string' },
        },
        required: ['forbidden'],
        additionalProperties: false,
      },
    ],
    messages: { forbidden: '{{from}} may not import {{to}} ({{specifier}}). {{reason}}' },
  },
  create(context) {
    const { forbidden, allowed = [], reason = '' } = context.options[0];
    const packages = forbidden.filter(isPackageName);
    const dirs = forbidden
      .filter((entry) => !isPackageName(entry))
      .map((dir) => ({ name: dir, full: withoutExtension(path.resolve(root, dir)) }));
    const exceptions = allowed.map((file) => withoutExtension(path.resolve(root, file)));
    // Named by its layer: `src/lib`, or one level deeper inside src/server (`src/server/domains`).
    const parts = path.relative(root, context.filename).split(path.sep);
    const from = parts.slice(0, parts[1] === 'server' && parts.length > 3 ? 3 : 2).join('/');

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const resolved = resolveSpecifier(specifier, context.filename);
      if (!resolved) {
        const pkg = packages.find((name) => specifier === name || specifier.startsWith(name + '/'));
        if (pkg) context.report({ node, messageId: 'forbidden', data: { from, to: pkg, specifier, reason } });
        return;
      }
      const target = withoutExtension(resolved);
      if (exceptions.includes(target)) return;
      const hit = dirs.find((dir) => inside(target, dir.full));
      if (hit) context.report({ node, messageId: 'forbidden', data: { from, to: hit.name, specifier, reason } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportType: (node) => check(node, node.argument?.literal?.value),
    };
  },
};

export const house = { rules: { 'no-import-from': noImportFrom } };
