// A lint rule that holds the web app's rooms apart, judged on the resolved path of each import (not its spelling):
// - a feature (src/features/<name>) never imports another feature: what two features share moves to
//   src/components or src/lib;
// - src/components and src/lib never import a feature: they serve the features, not the other way round;
// - src/app (router, layout) composes features and may import them.
import path from 'node:path';

const FEATURES = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}features${path.sep}`;
const SHARED = ['components', 'lib'].map((d) => `${path.sep}apps${path.sep}web${path.sep}src${path.sep}${d}${path.sep}`);

/** The feature a file belongs to, or null. */
function featureOf(file) {
  const at = file.indexOf(FEATURES);
  if (at < 0) return null;
  return file.slice(at + FEATURES.length).split(path.sep)[0] ?? null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Web features do not import each other; components and lib do not import features.' },
    messages: {
      featureToFeature: "The feature '{{from}}' imports the feature '{{to}}': move what they share to src/components or src/lib.",
      sharedToFeature: "Shared code ({{room}}) imports the feature '{{to}}': shared code serves the features, it never reaches into one.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const ownFeature = featureOf(file);
    const sharedRoom = SHARED.find((d) => file.includes(d));
    if (!ownFeature && !sharedRoom) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(file), source));
      if (!target) return;
      if (ownFeature && target !== ownFeature) {
        context.report({ node, messageId: 'featureToFeature', data: { from: ownFeature, to: target } });
      } else if (sharedRoom) {
        context.report({ node, messageId: 'sharedToFeature', data: { room: sharedRoom.split(path.sep).at(-2), to: target } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'web-boundaries': rule } };
