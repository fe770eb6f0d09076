// The page's Content-Security-Policy refuses style attributes (style-src-attr 'none') and `<style>` elements without
// the page's nonce. Styles set through the CSSOM (element.style, which React and antd use) are not governed by the
// policy; markup or setAttribute('style', …) is. What in the dependencies broke it is built differently here:
// - the autosizing text area of @rc-component/input measures its content with a hidden twin it styled by
//   setAttribute; refused, the twin showed at the foot of the page and the heights came out wrong. That one call
//   sets the same text through the CSSOM instead (style.cssText), which the policy allows;
// - two of Ant Design's icons (LoginOutlined, RestOutlined) carry an empty `<defs><style/></defs>`, which renders an
//   SVG style element without the nonce (a reported violation on the sign-in page). The empty node is dropped.
import type { Plugin } from 'vite';

const TEXTAREA_MEASURE = /[\\/]node_modules[\\/]@rc-component[\\/]input[\\/]es[\\/]calculateNodeHeight\.js$/;
const SET_ATTRIBUTE = "hiddenTextarea.setAttribute('style', `${sizingStyle};${HIDDEN_TEXTAREA_STYLE}`);";
const THROUGH_CSSOM = 'hiddenTextarea.style.cssText = `${sizingStyle};${HIDDEN_TEXTAREA_STYLE}`;';
const ICON_DEFINITION = /[\\/]node_modules[\\/]@ant-design[\\/]icons-svg[\\/]es[\\/]asn[\\/][A-Za-z]+\.js$/;
const EMPTY_STYLE_DEFS = '{ "tag": "defs", "attrs": {}, "children": [{ "tag": "style", "attrs": {} }] }, ';

export function cspStyleAttributes(): Plugin {
  return {
    name: 'tfb:csp-style-attributes',
    transform: {
      filter: { id: [TEXTAREA_MEASURE, ICON_DEFINITION] },
      handler(code, id) {
        if (ICON_DEFINITION.test(id))
          return code.includes(EMPTY_STYLE_DEFS) ? { code: code.replace(EMPTY_STYLE_DEFS, ''), map: null } : null;
        if (!TEXTAREA_MEASURE.test(id)) return null;
        // A newer @rc-component/input that measures differently must be looked at again, not shipped unchecked.
        if (!code.includes(SET_ATTRIBUTE)) this.error(`${id}: the text area's style-attribute call has changed; check it against the CSP`);
        return { code: code.replace(SET_ATTRIBUTE, THROUGH_CSSOM), map: null };
      },
    },
  };
}
