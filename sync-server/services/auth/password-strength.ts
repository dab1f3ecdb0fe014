import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { weakPasswordReason } from '../../../shared/domain/password-strength.js';
import { badRequest } from '../../lib/http-error.js';

let estimator: ZxcvbnFactory | undefined;

/** A 400 with a readable message when a new password is too common (see shared/domain/password-strength.ts). */
export function assertStrongPassword(password: string, userInputs: string[] = []): void {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const reason = weakPasswordReason(estimator, password, userInputs);
  if (reason) throw badRequest(reason);
}
