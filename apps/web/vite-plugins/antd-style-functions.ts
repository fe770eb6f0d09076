// Build-time: leaves Ant Design's CSS-in-JS style functions out of the bundle. The theme runs in zero-runtime mode
// (app/providers.tsx) with antd's prebuilt stylesheet, so a component's style hook returns before it would call its
// style function (@ant-design/cssinjs-utils genComponentStyleHook: `if (zeroRuntime) return hashId`): the functions
// that build each component's CSS object are dead code in this app, yet they were a ninth of the first load's script.
// In each of antd's `style` modules the style function handed to genStyleHooks / genComponentStyleHook /
// genSubStyleComponent becomes `() => []`; the token preparers beside it stay (they feed the CSS variables antd still
// writes at run time), and tree-shaking drops what only the style functions used.
import type { Plugin } from 'vite';

const STYLE_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/](?:.+[\\/])?style(?:[\\/][^\\/]+)?\.js$/;
const STYLE_HOOK_FACTORIES = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** Every node under `root`, depth first. */
function* walk(root: Node): Generator<Node> {
  yield root;
  for (const value of Object.values(root)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* walk(item);
    } else if (isNode(value)) {
      yield* walk(value);
    }
  }
}

/** The source ranges of the style-function arguments of the style-hook factory calls in `program`. */
export function styleFunctionRanges(program: Node): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const node of walk(program)) {
    if (node.type !== 'CallExpression') continue;
    const callee = node.callee as Node;
    const args = node.arguments as Node[];
    if (callee.type === 'Identifier' && STYLE_HOOK_FACTORIES.has(callee.name as string) && args.length >= 2) {
      const styleFunction = args[1]!;
      if (
        styleFunction.type === 'ArrowFunctionExpression' ||
        styleFunction.type === 'FunctionExpression' ||
        styleFunction.type === 'Identifier'
      ) {
        ranges.push([styleFunction.start, styleFunction.end]);
      }
    }
  }
  return ranges;
}

export function dropAntdStyleFunctions(): Plugin {
  let replaced = 0;
  return {
    name: 'tfb:drop-antd-style-functions',
    apply: 'build',
    transform: {
      filter: { id: STYLE_MODULE },
      handler(code, id) {
        if (!STYLE_MODULE.test(id)) return null;
        const ranges = styleFunctionRanges(this.parse(code) as unknown as Node);
        if (ranges.length === 0) return null;
        let out = code;
        // From the end, so the earlier ranges keep their offsets.
        for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) out = `${out.slice(0, start)}() => []${out.slice(end)}`;
        replaced += ranges.length;
        return { code: out, map: null };
      },
    },
    buildEnd() {
      // A newer antd that renamed its style-hook factories would quietly bring its style functions back: stop the build.
      if (replaced === 0) this.error('no antd style function was found to drop: check STYLE_HOOK_FACTORIES against antd');
    },
  };
}
