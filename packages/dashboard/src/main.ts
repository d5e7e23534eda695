/** The dashboard's entry: the page's own few rules, then `<cp-dashboard>`. */
import { css } from 'lit';
import './app.ts';

// A constructed sheet, not a <style>: the page's CSP allows styles from its own origin only.
const page = new CSSStyleSheet();
page.replaceSync(css`body { margin: 0; } html { -webkit-text-size-adjust: 100%; }`.cssText);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, page];
