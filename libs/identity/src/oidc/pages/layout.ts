import { html, type SafeHtml } from './html.js';

/** What every sign-in page knows: where the assets are mounted and where the product's home is. */
export interface PageContext {
  /** The provider's mount path, e.g. '/oidc'. */
  mountPath: string;
  /** PUBLIC_URL: the logo leads there. */
  homeHref: string;
}

export interface PageOptions {
  title: string;
  body: SafeHtml;
  /** Same-origin scripts to load (the pages never carry inline scripts). */
  scripts?: string[];
}

/** A full page in the product's look: the Castbase logo over one card. */
export function layout(context: PageContext, { title, body, scripts = [] }: PageOptions): string {
  return html`<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="referrer" content="no-referrer" />
        <title>${title} · Castbase</title>
        <link rel="stylesheet" href="${context.mountPath}/assets/castbase.css" />
        ${scripts.map((src) => html`<script src="${src}" defer></script>`)}
      </head>
      <body>
        <main class="page">
          <a class="logo" href="${context.homeHref}">Castbase</a>
          <div class="card">${body}</div>
        </main>
      </body>
    </html>`.toString();
}

export interface FieldOptions {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autocomplete: string;
  value?: string;
  error?: string;
  hint?: string;
  autofocus?: boolean;
}

/** A labelled input with its hint and inline error, wired for screen readers. */
export function field(options: FieldOptions): SafeHtml {
  const { name, label, type, autocomplete, value, error, hint, autofocus } = options;
  const id = `field-${name}`;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return html`<div class="field">
    <label for="${id}">${label}</label>
    <input
      id="${id}"
      name="${name}"
      type="${type}"
      autocomplete="${autocomplete}"
      required${
        value !== undefined && type !== 'password' ? html` value="${value}"` : ''
      }${error ? html` aria-invalid="true"` : ''}${described ? html` aria-describedby="${described}"` : ''}${
        autofocus ? html` autofocus` : ''
      }
    />
    ${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ''}
    ${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : ''}
  </div>`;
}

/**
 * A form-level message (wrong password, too many attempts), announced by screen readers. The page opens with focus on
 * the box around it (as GOV.UK's error summary does), so it is read first and Tab goes on to the form; a form with
 * one takes focus off its fields (`focusedField`).
 */
export function alert(message: string | undefined): SafeHtml {
  return message
    ? html`<div id="form-error" tabindex="-1" autofocus><p class="alert" role="alert">${message}</p></div>`
    : html``;
}

export interface FormMessages<F extends string> {
  error?: string;
  fieldErrors?: Partial<Record<F, string>>;
}

/**
 * The field a form opens with focus on: none when a form-level error takes focus (see `alert`), else the first field
 * in `order` with an error (a form shown again after a failed submit), else `first`.
 */
export function focusedField<F extends string>(
  form: FormMessages<F>,
  order: readonly F[],
  first: F,
): F | undefined {
  if (form.error) return undefined;
  return order.find((name) => form.fieldErrors?.[name] !== undefined) ?? first;
}
