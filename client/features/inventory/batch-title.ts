import { TITLE_MAX } from '../../../shared/schemas/docs.js';

// A camera's own file names ("IMG_2041.jpg", "PXL_20261127_101500123.jpg", "DSC01234.JPG",
// "Screenshot 2026-11-27 at 10.15.00.png") say nothing about the toy: they give an empty title
// for the parent to fill in, not a wrong one to overlook.
const CAMERA_NAME = /^(img|image|dsc|dscn|dscf|dcim|pxl|mvimg|photo|picture|pic|screenshot|screen shot|whatsapp image|signal|snapchat|p)?(?:[\d\s_\-.:()]|\bat\b)*$/i;

/** A title from a picked file's name: without the extension, separators as spaces; '' for a camera's name. */
export function titleFromFileName(fileName: string): string {
  const stem = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  if (CAMERA_NAME.test(stem)) return '';
  const words = stem
    .replace(/[_\-.+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/\p{L}/u.test(words)) return '';
  const title = words.charAt(0).toLocaleUpperCase() + words.slice(1);
  return title.slice(0, TITLE_MAX).trim();
}
