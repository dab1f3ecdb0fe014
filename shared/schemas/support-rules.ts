// The public forms' limits and subjects, without zod: the contact and deletion pages show them,
// and zod loads only when a form is sent (re-exported by support.ts).

export const CONTACT_EMAIL_MAX = 500;
export const CONTACT_MESSAGE_MAX = 1000;
export const CONTACT_SUBJECT = 'Contact Form';
export const BEE_HEALTHY_SUBJECT = 'Bee Healthy Contact Form';
export const DELETION_SUBJECT = 'Deletion Form';
