// The Content-Security-Policy nonce hand-off between the built web page and the server that answers it.

/**
 * Vite writes this into index.html (html.cspNonce: on its tags and in `<meta property="csp-nonce">`);
 * the server replaces every occurrence with a fresh nonce per page reply and names that nonce in the CSP.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** The meta element the web app reads its nonce from (the value sits in the hidden `nonce` attribute). */
export const CSP_NONCE_META_SELECTOR = 'meta[property="csp-nonce"]';
