// Import boundaries of STYLE.md, as one local ESLint rule:
// - the contract imports nothing of ours; the server and the web never import each other;
// - web: a feature never imports another feature; ui/ and lib/ never import features/ or app/;
//   features never import app/;
// - server: inside modules/, only repositories import Drizzle; a module never imports another
//   module's repository.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');

function resolveTarget(file, source) {
  if (source.startsWith('.')) return rel(path.resolve(path.dirname(file), source));
  if (source.startsWith('@tamaq/contract')) return 'contract/src';
  return null;
}

function problem(from, source, target) {
  const f = rel(from);
  if (f.startsWith('contract/') && target && !target.startsWith('contract/'))
    return 'the contract imports nothing of the server or the web';
  if (f.startsWith('server/') && target?.startsWith('web/')) return 'the server never imports the web';
  if (f.startsWith('web/') && target?.startsWith('server/')) return 'the web never imports the server';
  const feature = /^web\/src\/features\/([^/]+)\//.exec(f)?.[1];
  const targetFeature = target ? /^web\/src\/features\/([^/]+)/.exec(target)?.[1] : undefined;
  if (feature && targetFeature && feature !== targetFeature)
    return `feature "${feature}" imports feature "${targetFeature}": move the shared code to ui/ or lib/`;
  if (feature && target?.startsWith('web/src/app')) return 'a feature never imports app/';
  if (/^web\/src\/(ui|lib)\//.test(f) && target && /^web\/src\/(features|app)/.test(target))
    return 'ui/ and lib/ never import features/ or app/';
  const mod = /^server\/src\/modules\/([^/]+)\//.exec(f)?.[1];
  if (mod && /^drizzle-orm/.test(source) && !f.endsWith('.repository.ts') && !f.endsWith('.test.ts'))
    return 'only repositories import Drizzle';
  const targetMod = target ? /^server\/src\/modules\/([^/]+)\/.*\.repository/.exec(target)?.[1] : undefined;
  if (mod && targetMod && targetMod !== mod)
    return `module "${mod}" imports the repository of "${targetMod}": call its service`;
  return null;
}

export default {
  rules: {
    imports: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const check = (node) => {
          if (!node.source || typeof node.source.value !== 'string') return;
          const source = node.source.value;
          const why = problem(context.filename, source, resolveTarget(context.filename, source));
          if (why) context.report({ node: node.source, message: `Import boundary: ${why}` });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};
