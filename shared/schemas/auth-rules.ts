// Auth rules and texts shared by the server and the app, without zod: the public pages show
// them, and zod loads only when a form talks to the server (re-exported by auth.ts).

export const PASSWORD_MIN = 8;

/** Texts the server answers with; the client shows them as they are. */
export const AUTH_MESSAGES = {
  badLogin: 'Wrong email or password.',
  emailTaken: 'An account with this email already exists. Log in or reset your password.',
  captchaInvalid: 'The captcha answer is not valid or has expired. Please solve it again.',
  captchaReused: 'This captcha was already used. Please solve it again.',
  forgotSent: 'If an account exists for that email, we have sent a link to reset the password. It works for 30 minutes.',
  resetDone: 'Your password has been changed. You can log in now.',
  resetInvalid: 'This password reset link is not valid, was already used or has expired. Please ask for a new one.',
  loggedOut: 'You have been logged out.',
  loginCaptchaRequired: 'There were many failed logins for this account. Please complete the captcha check, then log in.',
} as const;
