import { useEffect, useState } from 'react';
import { weakPasswordReason, type PasswordEstimator } from '../../../shared/domain/password-strength.js';
import { PASSWORD_MIN } from '../../../shared/schemas/auth-rules.js';

// The "too common" hint of the register and reset forms: the same rule as the server's
// (shared/domain/password-strength.ts). The estimator's dictionaries are large, so they are
// fetched as their own chunk when a form with a new password opens, never in the entry bundle.

let loading: Promise<PasswordEstimator> | undefined;

function loadPasswordEstimator(): Promise<PasswordEstimator> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }),
  );
  loading.catch(() => {
    loading = undefined; // offline: try again next time; the server still checks
  });
  return loading;
}

/** The readable reason the password is too common, or null (also while the dictionaries load). */
export function useWeakPasswordHint(password: string, userInputs: string[] = []): string | null {
  const [estimator, setEstimator] = useState<PasswordEstimator | null>(null);
  useEffect(() => {
    let live = true;
    loadPasswordEstimator().then(
      (loaded) => live && setEstimator(loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  if (!estimator || password.length < PASSWORD_MIN) return null;
  return weakPasswordReason(estimator, password, userInputs);
}
