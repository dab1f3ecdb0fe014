import { ESLint } from 'eslint';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { noLiteralStringOptions, refusalsInWords } from './i18n-strings.js';

// Every screen goes through i18next (decision 042): the rule reports text written in JSX, and
// lets translated text through.

const lint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.tsx'],
      languageOptions: { parser: tseslint.parser },
      plugins: { i18next },
      // Comments in the files name rules of the full config; this check loads only one.
      linterOptions: { reportUnusedDisableDirectives: 'off' },
      rules: { 'i18next/no-literal-string': ['error', noLiteralStringOptions] },
    },
  ],
});

describe('i18n: literal text in screens', () => {
  it('reports literal text in JSX and lets translated text through', async () => {
    const [bad] = await lint.lintText('export const Sample = () => <p title="Hello there">Rotate toys</p>;', { filePath: 'client/lint-sample.tsx' });
    expect(bad?.messages.map((m) => m.ruleId)).toEqual(['i18next/no-literal-string', 'i18next/no-literal-string']);
    const [good] = await lint.lintText("export const Sample = ({ t }: { t: (k: string) => string }) => <p className=\"x\" title={t('a')}>{t('b')}</p>;", { filePath: 'client/lint-sample.tsx' });
    expect(good?.messages).toEqual([]);
  });
});

describe('i18n: refusals of local operations', () => {
  const refusals = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules: { 'no-restricted-syntax': refusalsInWords } }],
  });

  it('reports a sentence written into new OpError, and lets words and a schema\'s own message through', async () => {
    const [bad] = await refusals.lintText("throw new OpError('That toy was not found.'); throw new OpError(`At most ${max} children`);", { filePath: 'client/db/ops/sample.ts' });
    expect(bad?.messages.map((m) => m.ruleId)).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
    const [good] = await refusals.lintText("throw opError('toyNotFound'); throw new OpError(issue.message);", { filePath: 'client/db/ops/sample.ts' });
    expect(good?.messages).toEqual([]);
  });
});
