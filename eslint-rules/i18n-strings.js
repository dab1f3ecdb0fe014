// Every text a person sees goes through i18next (decision 042). `i18next/no-literal-string`
// (eslint-plugin-i18next) reports text and string attributes written in JSX; the attributes
// below carry no words (class names, routes, SVG geometry, test ids...). Texts kept in
// constants go through `t` too: the rule cannot tell those from other strings.

const ATTRIBUTES_WITHOUT_WORDS = [
  'className', 'style', 'type', 'key', 'id', 'width', 'height', 'to', 'href', 'rel', 'target', 'role',
  'autoComplete', 'name', 'inputMode', 'enterKeyHint', 'viewBox', 'd', 'fill', 'stroke', 'strokeWidth',
  'strokeLinecap', 'strokeLinejoin', 'data-testid', 'htmlFor', 'lang', 'method', 'accept', 'variant',
  'size', 'pattern', 'src', 'loading', 'decoding', 'tone', 'x', 'y', 'cx', 'cy', 'r', 'points',
  'transform', 'x1', 'x2', 'y1', 'y2', 'rx', 'ry', 'aria-hidden', 'aria-live', 'aria-current',
  'aria-controls', 'aria-labelledby', 'aria-describedby', 'aria-haspopup', 'aria-expanded',
  'referrerPolicy', 'allow', 'sizes', 'srcSet', 'fetchPriority', 'capture', 'dir', 'spellCheck',
  'autoCapitalize', 'form', 'wrap', 'textAnchor', 'dominantBaseline', 'preserveAspectRatio', 'xmlns',
  'focusable', 'i18nKey', 'icon', 'kind', 'placement', 'align', 'status', 'as', 'mode', 'value', 'min', 'max', 'step', 'challengeurl', 'auto',
];

export const noLiteralStringOptions = {
  mode: 'jsx-only',
  'should-validate-template': true,
  'jsx-attributes': { exclude: ATTRIBUTES_WITHOUT_WORDS },
  // Errors for developers (a missing provider) are not shown to anyone.
  callees: { exclude: ['i18n(ext)?', 't', 'Error', 'require', 'addEventListener', 'removeEventListener', 'getElementById', 'includes', 'startsWith', 'endsWith'] },
};

// A refusal of a local operation is made from words (decision 056): `opError('key', values)`,
// whose English is OP_ENGLISH and whose other languages are ops.json. `new OpError('...')` with
// a sentence written in place would reach the parent in English whatever the language shown.
export const refusalsInWords = [
  'error',
  {
    selector: "NewExpression[callee.name='OpError'] > :matches(Literal, TemplateLiteral).arguments",
    message: "Say a refusal with opError('key', values) (client/db/ops/errors.ts), so it reads in the parent's language.",
  },
];
