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

/** @type {import('eslint').Rule.RuleModule} */
const noImportFrom = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid importing from the named project folders (the house layering).' },
    schema: [
      {
        type: 'object',
        properties: {
          forbidden: { type: 'array', items: { type: 'string' } },
          reason: { type: 'string' },
        },
        required: ['forbidden'],
        additionalProperties: false,
      },
    ],
    messages: { forbidden: '{{from}} may not import {{to}} ({{specifier}}). {{reason}}' },
  },
  create(context) {
    const { forbidden, reason = '' } = context.options[0];
    const dirs = forbidden.map((dir) => ({ name: dir, full: path.resolve(root, dir) }));
    const from = path.relative(root, context.filename).split(path.sep).slice(0, 2).join('/');

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const target = resolveSpecifier(specifier, context.filename);
      if (!target) return;
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
