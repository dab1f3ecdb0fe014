import { expect, test } from 'vitest';
import { deletionRequestIsSendable } from './contact-api.js';

test('the deletion form sends only with a trimmed email containing @ and the box ticked (spec section 5)', () => {
  expect(deletionRequestIsSendable('parent@example.com', true)).toBe(true);
  expect(deletionRequestIsSendable('  parent@example.com  ', true)).toBe(true);
  expect(deletionRequestIsSendable('parent@example.com', false)).toBe(false);
  expect(deletionRequestIsSendable('   ', true)).toBe(false);
  expect(deletionRequestIsSendable('', true)).toBe(false);
  expect(deletionRequestIsSendable('parent.example.com', true)).toBe(false);
});
