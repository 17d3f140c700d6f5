/** The one stylesheet of the sign-in pages, served at <mount>/assets/castbase.css. */
export const SIGN_IN_CSS = `
:root {
  color-scheme: light dark;
  /* The Castbase blue for the logo (large text: 3:1); buttons, their hover and links darker so white text and links
     keep 4.5:1 in both schemes (white on the dark scheme's lighter hover blue, #1c7ed6, was 4.2:1). */
  --brand: #228be6;
  --primary: #1971c2;
  --primary-hover: #1864ab;
  --primary-text: #ffffff;
  --link: #1971c2;
  --background: #f8f9fa;
  --surface: #ffffff;
  --text: #212529;
  --muted: #5c636a;
  --border: #ced4da;
  --input-border: #868e96;
  --error: #c92a2a;
  --error-surface: #fff5f5;
  --notice-surface: #e7f5ff;
  /* The focus ring and input borders stand out 3:1 from what is around them (WCAG 1.4.11). */
  --focus: #1971c2;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  font-size: 16px;
  line-height: 1.5;
}
@media (prefers-color-scheme: dark) {
  :root {
    --brand: #339af0;
    --primary: #1971c2;
    --primary-hover: #1864ab;
    --primary-text: #ffffff;
    --link: #74c0fc;
    --background: #1a1b1e;
    --surface: #25262b;
    --text: #e9ecef;
    --muted: #adb5bd;
    --border: #495057;
    --input-border: #868e96;
    --error: #ff8787;
    --error-surface: #2c1a1a;
    --notice-surface: #1c2c3c;
    --focus: #74c0fc;
  }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: var(--background); color: var(--text); }
.page { max-width: 26rem; margin: 0 auto; padding: 2.5rem 1rem; }
.logo { display: block; margin: 0 0 1.5rem; text-align: center; font-size: 1.75rem; font-weight: 700;
  color: var(--brand); text-decoration: none; letter-spacing: -0.02em; }
.card { background: var(--surface); border: 1px solid var(--border); border-radius: 0.75rem; padding: 1.75rem; }
h1 { margin: 0 0 0.5rem; font-size: 1.5rem; line-height: 1.3; }
.lead { margin: 0 0 1.5rem; color: var(--muted); }
form { margin: 0; }
.field { margin-bottom: 1rem; }
label { display: block; margin-bottom: 0.25rem; font-weight: 600; }
input[type='email'], input[type='password'], input[type='text'] {
  width: 100%; min-height: 44px; padding: 0.5rem 0.75rem; font: inherit; color: var(--text);
  background: var(--surface); border: 1px solid var(--input-border); border-radius: 0.5rem; }
input[aria-invalid='true'] { border-color: var(--error); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.field-error { margin: 0.25rem 0 0; color: var(--error); font-size: 0.875rem; }
.hint { margin: 0.25rem 0 0; color: var(--muted); font-size: 0.875rem; }
.alert { margin: 0 0 1rem; padding: 0.75rem 1rem; border-radius: 0.5rem; background: var(--error-surface);
  color: var(--error); border: 1px solid var(--error); }
.notice { margin: 0 0 1rem; padding: 0.75rem 1rem; border-radius: 0.5rem; background: var(--notice-surface); }
.button { display: inline-flex; align-items: center; justify-content: center; width: 100%; min-height: 44px;
  padding: 0.5rem 1rem; font: inherit; font-weight: 600; color: var(--primary-text); background: var(--primary);
  border: 0; border-radius: 0.5rem; cursor: pointer; text-decoration: none; }
.button:hover { background: var(--primary-hover); }
.row { display: flex; justify-content: flex-end; margin: -0.5rem 0 1rem; }
a { color: var(--link); }
.link { display: inline-flex; align-items: center; min-height: 44px; }
.footer { margin: 1.25rem 0 0; text-align: center; color: var(--muted); }
.mail { border-top: 1px solid var(--border); padding: 1rem 0; }
.mail:first-of-type { border-top: 0; padding-top: 0; }
.mail h2 { margin: 0; font-size: 1.1rem; }
.mail pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0.5rem 0 0; }
.meta { color: var(--muted); font-size: 0.875rem; margin: 0; }
`;

/** Submits a form marked data-auto-submit as soon as the page loads (a file, not inline: the CSP forbids inline scripts). */
export const AUTO_SUBMIT_JS = `document.addEventListener('DOMContentLoaded', function () {
  var form = document.querySelector('form[data-auto-submit]');
  if (form) form.submit();
});
`;
