// Passwords that are among the most common, or close to one, are refused (OWASP ASVS 5.0,
// 6.2: check against at least the 3,000 most common). The check is zxcvbn's (@zxcvbn-ts with
// its common-password and English dictionaries, tens of thousands of entries): a score under 2
// means fewer than a million guesses. The server checks on register and reset; the forms show
// the same verdict as a hint before the round trip. This module is the rule both share; each
// side brings the estimator (the client loads its dictionaries lazily).

const MIN_PASSWORD_SCORE = 2;

export const WEAK_PASSWORD_MESSAGE =
  'This password is too easy to guess: it is one of the most common passwords or close to one. Please choose a less common one, for example a few unrelated words.';

export type PasswordEstimator = { check(password: string, userInputs?: string[]): { score: number } };

/** The readable reason a new password is refused, or null when it is fine. */
export function weakPasswordReason(estimator: PasswordEstimator, password: string, userInputs: string[] = []): string | null {
  const inputs = userInputs.flatMap((value) => [value, ...value.split(/[@.\s_-]+/)]).filter((value) => value.length >= 3);
  return estimator.check(password, inputs).score < MIN_PASSWORD_SCORE ? WEAK_PASSWORD_MESSAGE : null;
}
